// Errors of the sandbox gateway. Every rejection the sandbox can answer is a SandboxError: its
// status, type and code are listed in ERRORS.md (keep the two in step).

import { MAX_JSON_DEPTH } from '../json.js';

export type ErrorType =
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'invalid_request_error'
  | 'rate_limit_error'
  | 'api_error';

export interface ErrorBody {
  type: ErrorType;
  code: string;
  message: string;
  field?: string;
}

export class SandboxError extends Error {
  readonly status: number;
  readonly type: ErrorType;
  readonly code: string;
  readonly field: string | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    type: ErrorType,
    code: string,
    message: string,
    field?: string,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'SandboxError';
    this.status = status;
    this.type = type;
    this.code = code;
    this.field = field;
    this.headers = headers;
  }

  toBody(): { success: false; error: ErrorBody } {
    const error: ErrorBody = { type: this.type, code: this.code, message: this.message };
    if (this.field !== undefined) error.field = this.field;
    return { success: false, error };
  }
}

/** 400 invalid_request_error. */
export function invalidRequest(code: string, message: string, field?: string): SandboxError {
  return new SandboxError(400, 'invalid_request_error', code, message, field);
}

/** 404 not_found_error. */
export function notFound(code: string, message: string): SandboxError {
  return new SandboxError(404, 'not_found_error', code, message);
}

/** 409 invalid_request_error: the resource is not in a state that allows the operation. */
export function conflict(code: string, message: string): SandboxError {
  return new SandboxError(409, 'invalid_request_error', code, message);
}

/** 401 authentication_error. */
export function unauthenticated(code: string, message: string): SandboxError {
  return new SandboxError(401, 'authentication_error', code, message);
}

/** 403 permission_error. */
export function forbidden(code: string, message: string): SandboxError {
  return new SandboxError(403, 'permission_error', code, message);
}

/** 413: the body is larger than the sandbox reads (the connection is closed after the answer). */
export function payloadTooLarge(maxBodyBytes: number): SandboxError {
  return new SandboxError(
    413,
    'invalid_request_error',
    'payload_too_large',
    `The request body is larger than ${maxBodyBytes} bytes`,
  );
}

/** 400 invalid_json. */
export function invalidJson(): SandboxError {
  return new SandboxError(
    400,
    'invalid_request_error',
    'invalid_json',
    `The request body is not valid JSON (or is nested deeper than ${MAX_JSON_DEPTH} levels)`,
  );
}
