import { describe, expect, it } from 'vitest';
import { crc16, isValidTxid, parseBrCode } from '../../src/domain/brcode.js';
import { type BuildBrCodeInput, buildBrCode } from '../../src/domain/brcode-build.js';

// docs/test-vectors.md: the BCB manual example, pix-utils and qrcode-pix tests.
const STATIC_EVP =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const STATIC_EMAIL_WITH_AMOUNT =
  '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63040DC6';
const DYNAMIC_URL =
  '00020101021226740014br.gov.bcb.pix2552payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e875204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63042895';
const UPPERCASE_GUI =
  '00020126380014BR.GOV.BCB.PIX0116test@mail.com.br5204000053039865406100.995802BR5913FULANO DE TAL6009SAO PAULO62070503***63049359';
const BAD_CRC = STATIC_EVP.replace(/1D3D$/, '1D3E');

/** A TLV field, for hand-made codes. */
function tlv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Appends a correct CRC field. */
function withCrc(body: string): string {
  return `${body}6304${crc16(`${body}6304`)}`;
}

const PIX_ACCOUNT = tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', 'ana@example.com'));
const TAIL = tlv('58', 'BR') + tlv('59', 'Ana') + tlv('60', 'Recife') + tlv('62', tlv('05', '***'));

/** A valid code with `account` as the merchant account template and `extra` before the CRC. */
function handMade(
  options: { account?: string; amount?: string; tail?: string; extra?: string } = {},
): string {
  const amount = options.amount === undefined ? '' : tlv('54', options.amount);
  return withCrc(
    `000201${options.account ?? PIX_ACCOUNT}520400005303986${amount}${options.tail ?? TAIL}${options.extra ?? ''}`,
  );
}

describe('crc16', () => {
  it.each([
    ['123456789', '29B1'],
    ['', 'FFFF'],
    ['A', 'B915'],
    ['São Paulo', 'E390'], // over UTF-8 bytes (c3 a3 for ã), checked with Python's binascii.crc_hqx
  ])('CRC of %j is %s', (text, expected) => {
    expect(crc16(text)).toBe(expected);
  });

  it('gives the CRC of each docs/test-vectors.md code', () => {
    for (const code of [STATIC_EVP, STATIC_EMAIL_WITH_AMOUNT, DYNAMIC_URL, UPPERCASE_GUI]) {
      expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
    }
  });
});

describe('parseBrCode on the docs/test-vectors.md codes', () => {
  it('reads the BCB manual static code (EVP key, no amount)', () => {
    const result = parseBrCode(STATIC_EVP);
    expect(result).toMatchObject({
      valid: true,
      errors: [],
      initiation: 'static',
      key: '123e4567-e12b-12d1-a456-426655440000',
      url: null,
      merchant_name: 'Fulano de Tal',
      merchant_city: 'BRASILIA',
      amount: null,
      txid: '***',
      crc: '1D3D',
    });
    expect(result.fields.map((field) => field.id)).toEqual([
      '00',
      '26',
      '52',
      '53',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
    expect(result.fields[1]).toEqual({
      id: '26',
      length: 58,
      value: '0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000',
      fields: [
        { id: '00', length: 14, value: 'br.gov.bcb.pix' },
        { id: '01', length: 36, value: '123e4567-e12b-12d1-a456-426655440000' },
      ],
    });
    expect(result.fields[7]!.fields).toEqual([{ id: '05', length: 3, value: '***' }]);
  });

  it('reads a static code with an e-mail key, a description and an amount', () => {
    const result = parseBrCode(STATIC_EMAIL_WITH_AMOUNT);
    expect(result).toMatchObject({
      valid: true,
      initiation: 'static',
      key: 'thalesog@me.com',
      url: null,
      merchant_name: 'THALES OGLIARI',
      merchant_city: 'SAO MIGUEL DO O',
      amount: 1000,
      txid: '***',
      crc: '0DC6',
    });
    expect(result.fields[1]!.fields?.[2]).toEqual({ id: '02', length: 10, value: 'Pedido 123' });
  });

  it('reads a dynamic code with a URL', () => {
    expect(parseBrCode(DYNAMIC_URL)).toMatchObject({
      valid: true,
      errors: [],
      initiation: 'dynamic',
      key: null,
      url: 'payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87',
      merchant_name: 'THALES OGLIARI',
      merchant_city: 'SAO MIGUEL DO O',
      amount: null,
      crc: '2895',
    });
  });

  it('compares the GUI case-insensitively and reads 100.99 as 10099 centavos', () => {
    expect(parseBrCode(UPPERCASE_GUI)).toMatchObject({
      valid: true,
      errors: [],
      initiation: 'static',
      key: 'test@mail.com.br',
      merchant_name: 'FULANO DE TAL',
      merchant_city: 'SAO PAULO',
      amount: 10099,
      crc: '9359',
    });
  });

  it('rejects the code with a bad CRC, still showing its fields', () => {
    const result = parseBrCode(BAD_CRC);
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual(['CRC mismatch: the code says 1D3E, its content gives 1D3D']);
    expect(result.crc).toBe('1D3E');
    expect(result.key).toBe('123e4567-e12b-12d1-a456-426655440000');
  });

  it('ignores whitespace around a pasted code', () => {
    expect(parseBrCode(`  ${STATIC_EVP}\n`).valid).toBe(true);
  });

  it('accepts a CRC written in lowercase hex', () => {
    expect(parseBrCode(`${STATIC_EMAIL_WITH_AMOUNT.slice(0, -4)}0dc6`).valid).toBe(true);
  });
});

describe('parseBrCode on broken input', () => {
  it('says an empty code is empty', () => {
    for (const empty of ['', '   ']) {
      const result = parseBrCode(empty);
      expect(result.valid).toBe(false);
      expect(result.errors).toEqual(['the code is empty']);
      expect(result.fields).toEqual([]);
    }
  });

  it('reports every truncation of a valid code without throwing', () => {
    for (let length = 1; length < STATIC_EVP.length; length++) {
      const result = parseBrCode(STATIC_EVP.slice(0, length));
      expect(result.valid, `cut at ${length}`).toBe(false);
      expect(result.errors.length, `cut at ${length}`).toBeGreaterThan(0);
    }
  });

  it('reports a length that runs past the end', () => {
    const result = parseBrCode('000201269912345');
    expect(result.valid).toBe(false);
    expect(result.errors).toContain('field 26 declares 99 characters but only 5 remain');
  });

  it.each([
    'hello world',
    'https://example.com/pix',
    '{"emv":"000201"}',
    '0002',
    '000',
    '\u0000\u0001\u0002',
    '00020126xx0014br.gov.bcb.pix',
  ])('rejects garbage %j', (garbage) => {
    const result = parseBrCode(garbage);
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
  });

  it('names the place where the TLV structure breaks', () => {
    expect(parseBrCode('hello world').errors[0]).toBe(
      'the TLV structure has "hell" where an ID and a length belong at position 0',
    );
  });

  it('needs the payload format indicator first', () => {
    const result = parseBrCode(withCrc(handMade().slice(6, -8)));
    expect(result.errors).toContain('the code must start with the payload format indicator 000201');
  });

  it('accepts the hand-made reference code used below', () => {
    expect(parseBrCode(handMade()).errors).toEqual([]);
  });

  it('warns on a key and a URL together; refuses neither (nowhere to pay)', () => {
    const both = tlv(
      '26',
      tlv('00', 'br.gov.bcb.pix') + tlv('01', 'ana@example.com') + tlv('25', 'psp.com/x'),
    );
    expect(parseBrCode(handMade({ account: both }))).toMatchObject({
      valid: true,
      problems: ['field 26 has both a key (01) and a URL (25); a code usually has one or the other'],
    });
    const neither = tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('02', 'just a description'));
    expect(parseBrCode(handMade({ account: neither })).errors).toEqual([
      'field 26 has neither a key (01) nor a URL (25), and no Pix Automático recurrence (80-25)',
    ]);
  });

  it('warns on a URL with its scheme', () => {
    const account = tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('25', 'https://psp.com/x'));
    expect(parseBrCode(handMade({ account }))).toMatchObject({
      valid: true,
      url: 'https://psp.com/x',
      problems: ['field 26-25 (URL) should not include the scheme (https://)'],
    });
  });

  it('needs a merchant account template with the PIX GUI, anywhere in 26–51', () => {
    const otherScheme = tlv('26', tlv('00', 'com.example.wallet') + tlv('01', 'x'));
    expect(parseBrCode(handMade({ account: otherScheme })).errors).toEqual([
      'no merchant account template (26–51) with GUI br.gov.bcb.pix',
    ]);
    const pixIn27 = otherScheme + tlv('27', tlv('00', 'BR.gov.bcb.PIX') + tlv('01', 'ana@example.com'));
    expect(parseBrCode(handMade({ account: pixIn27 }))).toMatchObject({
      valid: true,
      key: 'ana@example.com',
    });
  });

  it.each([
    ['10', 1000],
    ['10.5', 1050],
    ['0.01', 1],
    ['1234567890.12', 123456789012],
  ])('reads amount %j as %i centavos by string math', (amount, centavos) => {
    expect(parseBrCode(handMade({ amount }))).toMatchObject({ valid: true, amount: centavos });
  });

  it.each([
    ['12345678901.23', 'field 54 (amount) has 14 characters, at most 13 allowed'],
    ['10,00', 'field 54 (amount) "10,00" must be digits with an optional dot and 2 decimals'],
    ['10.001', 'field 54 (amount) "10.001" must be digits with an optional dot and 2 decimals'],
    ['-1.00', 'field 54 (amount) "-1.00" must be digits with an optional dot and 2 decimals'],
  ])('rejects amount %j', (amount, message) => {
    const result = parseBrCode(handMade({ amount }));
    expect(result.errors).toEqual([message]);
    expect(result.amount).toBeNull();
  });

  it('warns on a merchant name over 25 and a city over 15 characters, and reads them', () => {
    const longName =
      tlv('58', 'BR') + tlv('59', 'N'.repeat(26)) + tlv('60', 'C'.repeat(15)) + tlv('62', tlv('05', '***'));
    expect(parseBrCode(handMade({ tail: longName }))).toMatchObject({
      valid: true,
      merchant_name: 'N'.repeat(26),
      problems: ['field 59 (merchant name) should have 1 to 25 characters'],
    });
    const longCity =
      tlv('58', 'BR') + tlv('59', 'N'.repeat(25)) + tlv('60', 'C'.repeat(16)) + tlv('62', tlv('05', '***'));
    expect(parseBrCode(handMade({ tail: longCity })).problems).toEqual([
      'field 60 (merchant city) should have 1 to 15 characters',
    ]);
  });

  it('needs field 62; a txid outside 1 to 25 letters and digits (or ***) is a warning, not a rejection', () => {
    const tailWith = (additionalData: string) =>
      tlv('58', 'BR') + tlv('59', 'Ana') + tlv('60', 'Recife') + additionalData;
    expect(parseBrCode(handMade({ tail: tailWith('') })).errors).toEqual([
      'field 62 (additional data, with the txid in 62-05) is missing',
    ]);
    expect(parseBrCode(handMade({ tail: tailWith(tlv('62', tlv('07', 'x'))) }))).toMatchObject({
      valid: true,
      problems: ['field 62-05 (txid) is missing'],
    });
    expect(parseBrCode(handMade({ tail: tailWith(tlv('62', tlv('05', 'A'.repeat(26)))) }))).toMatchObject({
      valid: true,
      problems: [
        `field 62-05 (txid) "${'A'.repeat(26)}" is outside the usual 1 to 25 letters and digits, or ***`,
      ],
    });
    expect(parseBrCode(handMade({ tail: tailWith(tlv('62', tlv('05', 'PEDIDO-1'))) }))).toMatchObject({
      valid: true,
      txid: 'PEDIDO-1',
    });
    expect(parseBrCode(handMade({ tail: tailWith(tlv('62', tlv('05', 'A'.repeat(25)))) }))).toMatchObject({
      valid: true,
      txid: 'A'.repeat(25),
    });
    expect(parseBrCode(handMade({ tail: tailWith(tlv('62', '0599')) })).errors).toEqual([
      'field 62 (additional data): field 05 declares 99 characters but only 0 remain',
    ]);
  });

  it('tolerates unknown templates 80–99, parsing them when they are TLV', () => {
    const nested = parseBrCode(handMade({ extra: tlv('80', tlv('00', 'com.example') + tlv('01', 'abc')) }));
    expect(nested.valid).toBe(true);
    expect(nested.fields.find((field) => field.id === '80')!.fields).toEqual([
      { id: '00', length: 11, value: 'com.example' },
      { id: '01', length: 3, value: 'abc' },
    ]);
    const opaque = parseBrCode(handMade({ extra: tlv('99', 'not tlv at all') }));
    expect(opaque.valid).toBe(true);
    expect(opaque.fields.find((field) => field.id === '99')!.fields).toBeUndefined();
  });

  it('needs the CRC last', () => {
    const code = handMade();
    const crcNotLast = `${code}${tlv('80', 'x')}`;
    expect(parseBrCode(crcNotLast).errors).toContain('field 63 (CRC) must be the last field, with length 04');
    const noCrc = code.slice(0, -8);
    expect(parseBrCode(noCrc).errors).toEqual(['field 63 (CRC) is missing']);
  });

  it('refuses a field that appears twice', () => {
    expect(parseBrCode(handMade({ extra: tlv('58', 'BR') })).errors).toEqual([
      'field 58 appears more than once',
    ]);
  });

  it('checks the fixed fields 01, 52, 53 and 58 (warnings: the code is still readable)', () => {
    const wrong = withCrc(
      `00020101021326${PIX_ACCOUNT.slice(4).length.toString().padStart(2, '0')}${PIX_ACCOUNT.slice(4)}` +
        `5204ABCD5303840${tlv('58', 'US')}${tlv('59', 'Ana')}${tlv('60', 'Recife')}${tlv('62', tlv('05', '***'))}`,
    );
    expect(parseBrCode(wrong)).toMatchObject({
      valid: true,
      problems: [
        'field 01 (point of initiation) must be 11 or 12, not "13"',
        'field 52 (merchant category code) should be 4 digits',
        'field 53 (currency) should be 986 (BRL), not "840"',
        'field 58 (country) should be BR, not "US"',
      ],
    });
  });
});

// Codes the current BCB manuals allow that a strict reader refuses (docs/gateway-api.md), as published:
// - Pix Automático "Jornada 2" (field 26 holding only the GUI, the recurrence's location in 80-25)
//   from BCB's homologation host qr-h.sandbox.pix.bcb.gov.br, as quoted in a Pix Automático
//   journey classifier's examples; and the example of BCB's Pix Automático manual (pix.example.com/rec);
// - the BR Code manual's own example, whose txid is "RP12345678-2019" and which carries another
//   scheme's templates (04, 27, 80): quoted by the neon-brcode README and the `brcode` Rust crate;
// - a dynamic code with the same txid, from the `pixcode` npm package's README.
const PIX_AUTOMATICO_BCB_HOMOLOGATION =
  '00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80950014br.gov.bcb.pix2573qr-h.sandbox.pix.bcb.gov.br/rest/api/rec/c7dc3d94706d4901a72480e98fcd52e16304BAEE';
const PIX_AUTOMATICO_MANUAL =
  '00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80740014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac1200026304F2DA';
const BR_CODE_MANUAL_EXAMPLE =
  '00020104141234567890123426580014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-42665544000027300012BR.COM.OUTRO011001234567895204000053039865406123.455802BR5917NOME DO RECEBEDOR6008BRASILIA61087007490062190515RP12345678-201980390012BR.COM.OUTRO01190123.ABCD.3456.WXYZ6304AD38';
const DYNAMIC_WITH_HYPHEN_TXID =
  '00020101021226720014br.gov.bcb.pix2550bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd4415204000053039865406123.455802BR5913Fulano de Tal6008BRASILIA62190515RP12345678-2019630445C8';

describe('parseBrCode: codes the BCB manuals allow', () => {
  it.each([
    [
      'BCB homologation host',
      PIX_AUTOMATICO_BCB_HOMOLOGATION,
      'qr-h.sandbox.pix.bcb.gov.br/rest/api/rec/c7dc3d94706d4901a72480e98fcd52e1',
    ],
    ['Pix Automático manual', PIX_AUTOMATICO_MANUAL, 'pix.example.com/rec/2353c790eefb11eaadc10242ac120002'],
  ])(
    'accepts a Pix Automático code (%s): GUI-only 26, recurrence URL in 80-25',
    (_source, code, recurrence) => {
      expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
      expect(parseBrCode(code)).toMatchObject({
        valid: true,
        errors: [],
        problems: [],
        initiation: 'dynamic',
        key: null,
        url: null,
        recurrence_url: recurrence,
        merchant_name: 'Fulano de Tal',
        amount: null,
        txid: '***',
      });
    },
  );

  it("accepts the BR Code manual's example: a txid with a hyphen, other schemes' templates, uppercase GUI", () => {
    expect(parseBrCode(BR_CODE_MANUAL_EXAMPLE)).toMatchObject({
      valid: true,
      initiation: 'static',
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchant_name: 'NOME DO RECEBEDOR',
      amount: 12345,
      txid: 'RP12345678-2019',
      crc: 'AD38',
      problems: [
        'field 62-05 (txid) "RP12345678-2019" is outside the usual 1 to 25 letters and digits, or ***',
      ],
    });
    expect(parseBrCode(DYNAMIC_WITH_HYPHEN_TXID)).toMatchObject({
      valid: true,
      initiation: 'dynamic',
      url: 'bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd441',
      txid: 'RP12345678-2019',
    });
  });

  it('counts an emoji as one character: the name is never cut into a lone surrogate', () => {
    const name = 'Loja 😀 Feliz';
    expect(Array.from(name).length).toBe(12);
    const code = withCrc(
      `000201${PIX_ACCOUNT}5204000053039865802BR${tlv('59', 'x'.repeat(12)).replace('x'.repeat(12), name)}${tlv('60', 'Recife')}${tlv('62', tlv('05', '***'))}`,
    );
    const result = parseBrCode(code);
    expect(result).toMatchObject({ valid: true, merchant_name: name, merchant_city: 'Recife' });
    expect(JSON.stringify(result.merchant_name)).toBe(JSON.stringify(name));
    expect(result.merchant_name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('still refuses what is structurally broken: a wrong CRC, an overrun, no PIX account', () => {
    expect(parseBrCode(`${PIX_AUTOMATICO_MANUAL.slice(0, -4)}F2DB`).valid).toBe(false);
    expect(parseBrCode(PIX_AUTOMATICO_MANUAL.replace('80740014', '80990014')).valid).toBe(false);
    const noAccount = withCrc(
      `000201${tlv('26', tlv('00', 'br.gov.bcb.pix'))}5204000053039865802BR${tlv('59', 'Ana')}${tlv('60', 'Recife')}${tlv('62', tlv('05', '***'))}`,
    );
    expect(parseBrCode(noAccount).errors).toEqual([
      'field 26 has neither a key (01) nor a URL (25), and no Pix Automático recurrence (80-25)',
    ]);
  });
});

describe('buildBrCode', () => {
  it('rebuilds the docs/test-vectors.md codes exactly', () => {
    expect(
      buildBrCode({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
        txid: '***',
      }),
    ).toBe(STATIC_EVP);
    expect(
      buildBrCode({
        key: 'thalesog@me.com',
        description: 'Pedido 123',
        amount: 1000,
        merchantName: 'THALES OGLIARI',
        merchantCity: 'SAO MIGUEL DO O',
        txid: '***',
      }),
    ).toBe(STATIC_EMAIL_WITH_AMOUNT);
    expect(
      buildBrCode({
        url: 'https://payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87',
        merchantName: 'THALES OGLIARI',
        merchantCity: 'SAO MIGUEL DO O',
        txid: '7978c0c97ea847e78e8849634473c1f1',
      }),
    ).toBe(DYNAMIC_URL);
  });

  it('round-trips a static code through parseBrCode', () => {
    const input: BuildBrCodeInput = {
      key: '11222333000181',
      merchantName: 'Loja Exemplo',
      merchantCity: 'Recife',
      amount: 123456,
      txid: 'PEDIDO123',
      description: 'Pedido 123',
      postalCode: '50030-230',
    };
    const result = parseBrCode(buildBrCode(input));
    expect(result).toMatchObject({
      valid: true,
      errors: [],
      initiation: 'static',
      key: '11222333000181',
      url: null,
      merchant_name: 'Loja Exemplo',
      merchant_city: 'Recife',
      amount: 123456,
      txid: 'PEDIDO123',
    });
    expect(result.fields.find((field) => field.id === '54')!.value).toBe('1234.56');
    expect(result.fields.find((field) => field.id === '61')!.value).toBe('50030230');
    expect(result.fields.find((field) => field.id === '01')).toBeUndefined();
  });

  it('round-trips a dynamic code, with point of initiation 12 and txid ***', () => {
    const code = buildBrCode({
      url: 'pix.example.com/v2/cobv/7978c0c97ea847e78e8849634473c1f1',
      merchantName: 'Loja',
      merchantCity: 'Natal',
      amount: 5,
      txid: '7978c0c97ea847e78e8849634473c1f1',
    });
    const result = parseBrCode(code);
    expect(result).toMatchObject({
      valid: true,
      initiation: 'dynamic',
      key: null,
      url: 'pix.example.com/v2/cobv/7978c0c97ea847e78e8849634473c1f1',
      amount: 5,
      txid: '***',
    });
    expect(result.fields[1]).toEqual({ id: '01', length: 2, value: '12' });
    expect(result.fields.find((field) => field.id === '54')!.value).toBe('0.05');
  });

  it('strips accents and cuts the name to 25 and the city to 15 characters', () => {
    const result = parseBrCode(
      buildBrCode({
        key: 'ana@example.com',
        merchantName: '  José  da Silva Açougue e Padaria Ltda ',
        merchantCity: 'São José dos Campos',
        txid: '***',
      }),
    );
    expect(result.valid).toBe(true);
    expect(result.merchant_name).toBe('Jose da Silva Acougue e P');
    expect(result.merchant_city).toBe('Sao Jose dos Ca');
  });

  it('cuts a description to what fits in the 99-character template', () => {
    const result = parseBrCode(
      buildBrCode({
        key: 'ana@example.com',
        merchantName: 'Ana',
        merchantCity: 'Recife',
        txid: '***',
        description: `Pedição ${'x'.repeat(200)}`,
      }),
    );
    expect(result.valid).toBe(true);
    expect(result.fields[1]!.length).toBe(99);
    expect(result.fields[1]!.fields![2]!.value).toMatch(/^Pedicao x+$/);
  });

  it('leaves the amount out when it is 0 or not given', () => {
    for (const amount of [0, undefined]) {
      const code = buildBrCode({
        key: 'k',
        merchantName: 'Ana',
        merchantCity: 'Recife',
        txid: '***',
        amount,
      });
      expect(parseBrCode(code)).toMatchObject({ valid: true, amount: null });
    }
  });

  it.each<[string, BuildBrCodeInput]>([
    ['both key and url', { key: 'k', url: 'psp.com/x', merchantName: 'A', merchantCity: 'B', txid: '***' }],
    ['neither key nor url', { merchantName: 'A', merchantCity: 'B', txid: '***' }],
    [
      'a static txid too long for 62-05',
      { key: 'k', merchantName: 'A', merchantCity: 'B', txid: 'a'.repeat(26) },
    ],
    ['a txid with a hyphen', { key: 'k', merchantName: 'A', merchantCity: 'B', txid: 'pedido-1' }],
    ['a name with no ASCII left', { key: 'k', merchantName: '東京', merchantCity: 'B', txid: '***' }],
    ['a negative amount', { key: 'k', merchantName: 'A', merchantCity: 'B', txid: '***', amount: -1 }],
    [
      'an amount over 13 characters',
      { key: 'k', merchantName: 'A', merchantCity: 'B', txid: '***', amount: 1e12 },
    ],
    ['a bad postal code', { key: 'k', merchantName: 'A', merchantCity: 'B', txid: '***', postalCode: '123' }],
    [
      'a key too long for the template',
      { key: 'k'.repeat(80), merchantName: 'A', merchantCity: 'B', txid: '***' },
    ],
  ])('refuses %s', (_, input) => {
    expect(() => buildBrCode(input)).toThrow(RangeError);
  });

  it('accepts the largest amount that fits in 13 characters', () => {
    const code = buildBrCode({
      key: 'k',
      merchantName: 'A',
      merchantCity: 'B',
      txid: '***',
      amount: 999999999999,
    });
    expect(parseBrCode(code)).toMatchObject({ valid: true, amount: 999999999999 });
  });
});

describe('isValidTxid', () => {
  it.each(['7978c0c97ea847e78e8849634473c1f1', 'abcdefghij0123456789012345', 'A'.repeat(35)])(
    'accepts %s',
    (txid) => {
      expect(isValidTxid(txid)).toBe(true);
    },
  );

  it.each(['3136957d93134f2184b369e8f', 'a'.repeat(36), 'fb2761260e554ad593c7226beb5cb65-0', '', '***'])(
    'rejects %j',
    (txid) => {
      expect(isValidTxid(txid)).toBe(false);
    },
  );
});
