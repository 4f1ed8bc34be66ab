// The next steps of errors (output/error-text.ts) and the texts of the areas of errors (api,
// next-steps, config, context, journal) in Portuguese: no English left in them, and the key
// screens in the words a Brazilian operator reads.
import { beforeAll, describe, expect, it } from 'vitest';
import { type NextStep, PaygateError } from '../../src/errors.js';
import { errorHint, errorMessage } from '../../src/output/error-text.js';
import { loadedAreas, type Text } from '../../src/text/catalog.js';
import '../../src/text/en/config.js';
import '../../src/text/en/context.js';
import '../../src/text/en/journal.js';
import { englishLinesIn } from '../helpers/english.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';

englishAfterEachTest();
beforeAll(async () => {
  await speakPortuguese();
});

const network = (code: string, timedOut = false, tooLong = false): NextStep => ({
  kind: 'reach_gateway',
  code,
  timedOut,
  tooLong,
});

describe('every text of the areas of errors, in Portuguese', () => {
  it.each(['api', 'next-steps', 'config', 'context', 'journal'])('%s has no English left', async (area) => {
    await speakPortuguese();
    const texts = loadedAreas().portuguese.get(area);
    expect(texts).toBeDefined();
    const forms = Object.values(texts ?? {}).flatMap((text: Text) =>
      typeof text === 'string' ? [text] : [text.one, text.other],
    );
    expect(englishLinesIn(forms.join('\n'))).toEqual([]);
  });
});

describe('next steps in Portuguese', () => {
  it.each([
    [
      { kind: 'configure_key', key: 'public' },
      'rode `paygate login --public-key`, ou defina PAYGATE_PUBLIC_KEY',
    ],
    [{ kind: 'check_base_url', because: 'no_api' }, 'confira --base-url (a URL do gateway, sem /v1)'],
    [
      network('ETIMEDOUT', true),
      'o gateway não respondeu a tempo; aumente --request-timeout ou tente de novo mais tarde',
    ],
    [network('ENOTFOUND'), 'o nome do host não foi encontrado: confira --base-url'],
    [network('CERT_HAS_EXPIRED'), expect.stringMatching(/^o certificado do servidor expirou/)],
    [
      {
        ...network('ETIMEDOUT', true),
        stalledProxy: { origin: 'http://proxy:3128', variable: 'HTTPS_PROXY' },
      },
      'a conexão pelo proxy em http://proxy:3128 (HTTPS_PROXY) não se completou a tempo: o proxy, ou o gateway atrás dele, não respondeu; confira o proxy ou aumente --request-timeout',
    ],
    [network('ECONNRESET'), undefined],
  ] as const)('%o', async (step, hint) => {
    await speakPortuguese();
    expect(errorHint(new PaygateError('m', 6, {}, step as NextStep))).toEqual(hint);
  });

  it('a request that may have been processed: where to look before retrying', async () => {
    await speakPortuguese();
    const refund = new PaygateError(
      'POST /v1/charges/ci_1/refund: resultado desconhecido.',
      9,
      {},
      {
        kind: 'look_before_retrying',
        resource: { kind: 'charge', id: 'ci_1', action: 'refund' },
      },
    );
    expect(errorMessage(refund)).toBe(
      'POST /v1/charges/ci_1/refund: resultado desconhecido. Nada foi repetido: confira com `paygate charge get ci_1` antes de tentar de novo.',
    );
    const token = new PaygateError(
      'x.',
      9,
      {},
      { kind: 'look_before_retrying', resource: { kind: 'token' } },
    );
    expect(errorMessage(token)).toBe(
      'x. Nada foi repetido: confira com nada a conferir (um token de cartão pode ser criado de novo) antes de tentar de novo.',
    );
  });

  it("a gateway's refusal names its field in Portuguese", async () => {
    await speakPortuguese();
    const refused = new PaygateError('Valor inválido', 3, { status: 422, field: 'amount' });
    expect(errorMessage(refused)).toBe('Valor inválido (campo: amount)');
  });
});
