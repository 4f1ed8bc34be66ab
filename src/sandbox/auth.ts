// Who a request is: the Bearer key against the sellers' secret and public keys, with the
// gateway's answers for a missing, malformed, wrong-kind or unknown key; and any error as the
// envelope the sandbox answers with.
import { SandboxError } from './errors.js';
import type { Gateway } from './gateway.js';
import type { SellerRecord } from './records.js';
import { bearerToken } from './request.js';
import type { Result } from './route-shapes.js';
import type { CompiledRoute } from './routing.js';

export function keyOwner(gateway: Gateway, auth: string): SellerRecord | undefined {
  const token = bearerToken(auth);
  if (token === null) return undefined;
  return gateway.state.bySecretKey.get(token) ?? gateway.state.byPublicKey.get(token);
}

export function authenticate(gateway: Gateway, route: CompiledRoute, auth: string | undefined): SellerRecord {
  if (auth === undefined || auth.trim() === '') {
    throw new SandboxError(
      401,
      'authentication_error',
      'missing_api_key',
      'No API key: send the header Authorization: Bearer <secret key>',
    );
  }
  const key = bearerToken(auth);
  if (key === null) {
    throw new SandboxError(
      401,
      'authentication_error',
      'invalid_authorization_header',
      'The Authorization header must be "Bearer <key>"',
    );
  }
  const bySecret = gateway.state.bySecretKey.get(key);
  const byPublic = gateway.state.byPublicKey.get(key);
  if (route.auth === 'secret') {
    if (bySecret) return bySecret;
    if (byPublic) {
      throw new SandboxError(
        401,
        'authentication_error',
        'secret_key_required',
        'This endpoint needs the secret key (sk_…); a public key (pk_…) was given',
      );
    }
  } else {
    if (byPublic) return byPublic;
    if (bySecret) {
      throw new SandboxError(
        403,
        'permission_error',
        'public_key_required',
        'Card tokenization takes the public key (pk_…), never the secret key',
      );
    }
  }
  const live = key.startsWith('sk_live_') || key.startsWith('pk_live_');
  throw new SandboxError(
    401,
    'authentication_error',
    'invalid_api_key',
    live
      ? 'Live keys do not work with the sandbox: use a key it printed at start'
      : // The usual cause: keys saved from an earlier run of a sandbox without --seed/--state.
        `Invalid API key: this sandbox does not know it (sandbox keys change on every start unless it runs with --seed or --state); log in again with \`paygate login --sandbox ${gateway.baseUrl}\``,
  );
}

export function errorResult(error: unknown): Result {
  if (error instanceof SandboxError) return { status: error.status, body: error.toBody() };
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: 500,
    body: {
      success: false,
      error: { type: 'api_error', code: 'internal_error', message: `Sandbox error: ${message}` },
    },
  };
}
