// Vectors are published by other projects, so these tests check against someone else's reading
// of the FEBRABAN layouts, not against our own code:
// - mrmgomes/boleto-utils, test/test.js (JS): bank, credit-card and convênio barcodes and lines.
// - viniciusccosta/ClipBarcode, tests/test_boleto.py (Python): bank lines/barcodes (incl. the
//   "em massa" table), convênio lines, invalid variants.
// - Romulosanttos/gerar-boletos, tests/boleto/gerador-de-digito-padrao-test.js: mod 10/mod 11.
// - MoisesMsa/boleto, test/boleto_test.exs: factor 1000 = 2000-07-03.
// - vladetec/fator-vencimento-boleto-2025, README.md: 2025-02-21 = 9999, 2025-02-22 = 1000,
//   2025-02-23 = 1001.
import { describe, expect, it } from 'vitest';
import {
  bankMod11,
  boletoBarcodeToLine,
  boletoLineToBarcode,
  buildBankBoleto,
  dueDateCandidates,
  dueDateFactor,
  formatBoletoLine,
  inspectBoleto,
  mod10,
} from '../../src/domain/boleto.js';

const TODAY = Date.UTC(2026, 4, 15);

describe('check digits (gerar-boletos vectors)', () => {
  it('mod 10 of field digits', () => {
    expect(mod10('237929490')).toBe(9);
    expect(mod10('6000000000')).toBe(4);
    expect(mod10('0300065800')).toBe(9);
    expect(mod10('399903512')).toBe(8);
  });
  it('mod 11 of the 43 barcode digits, 0/10/11 → 1', () => {
    expect(bankMod11('0019386000000040000000001207113000900020618')).toBe(5);
    expect(bankMod11('2379316800000001002949060000000000300065800')).toBe(6);
    expect(bankMod11('3999100100001200000351202000003910476618602')).toBe(3);
    // 11 − remainder is 10 or 11 here: the exception makes it 1.
    expect(bankMod11('3999597400000001002461722000000001934404542')).toBe(1);
  });
});

describe('bank boletos', () => {
  it('line ↔ barcode, amount and due date (boleto-utils)', () => {
    const barcode = '10499898100000214032006561000100040099726390';
    const line = '10492006506100010004200997263900989810000021403';
    expect(boletoBarcodeToLine(barcode)).toBe(line);
    expect(boletoLineToBarcode(line)).toBe(barcode);
    for (const input of [barcode, line]) {
      const boleto = inspectBoleto(input, TODAY);
      expect(boleto).toMatchObject({ valid: true, kind: 'bank', bank: '104', amount: 21403, line, barcode });
      expect(boleto.problems).toEqual([]);
      expect(boleto.due_date_candidates).toEqual(['2022-05-10', '2046-12-30']);
      expect(boleto.due_date).toBe('2022-05-10');
    }
  });

  it('factor 0000 is no due date (boleto-utils credit-card boleto)', () => {
    const boleto = inspectBoleto('23794150099001980167035000211405700000000000000', TODAY);
    expect(boleto).toMatchObject({ valid: true, amount: 0, due_date: null, due_date_candidates: [] });
    expect(boleto.barcode).toBe('23797000000000000004150090019801673500021140');
    expect(boleto.due_date_note).toContain('no due date');
  });

  it('accepts the printed form with dots and spaces (ClipBarcode)', () => {
    const boleto = inspectBoleto('00190.50095 40144.816069 06809.350314 3 37370000000100', TODAY);
    expect(boleto).toMatchObject({ valid: true, bank: '001', amount: 100 });
    expect(boleto.barcode).toBe('00193373700000001000500940144816060680935031');
    expect(formatBoletoLine(boleto.line!)).toBe('00190.50095 40144.816069 06809.350314 3 37370000000100');
  });

  it('the ClipBarcode "em massa" table converts both ways and validates', () => {
    const table: Record<string, string> = {
      '00193938500000219600000002941725010172680217': '00190000090294172501801726802174393850000021960',
      '03398937900000228499006793710100972695750101': '03399006729371010097026957501013893790000022849',
      '07092936900000491980000240220188102011107059': '07090000204022018810220111070593293690000049198',
      '07791000000000000000001101001305209547518072': '07790001160100130520895475180725100000000000000',
      '34191937700003249401090003078630919425850000': '34191090080307863091494258500001193770000324940',
      '34199937900000337481090011322531575331036000': '34191090081132253157253310360002993790000033748',
      '03396939300000158989006793710100986849070101': '03399006729371010098868490701015693930000015898',
    };
    for (const [barcode, line] of Object.entries(table)) {
      expect(boletoBarcodeToLine(barcode)).toBe(line);
      expect(boletoLineToBarcode(line)).toBe(barcode);
      expect(inspectBoleto(barcode, TODAY).problems).toEqual([]);
      expect(inspectBoleto(line, TODAY).problems).toEqual([]);
    }
  });

  it('names the general check digit when it is wrong (ClipBarcode invalid line and barcode)', () => {
    const line = inspectBoleto('00190.50095 40144.816069 06809.350314 4 37370000000100', TODAY);
    expect(line.valid).toBe(false);
    expect(line.problems).toEqual(['general check digit: the line has 4, its digits give 3']);
    const barcode = inspectBoleto('00194373700000001000500940144816060680935031', TODAY);
    expect(barcode.problems).toEqual(['general check digit: the barcode has 4, its digits give 3']);
  });

  it('names each field whose mod-10 digit is wrong', () => {
    const good = '10492006506100010004200997263900989810000021403';
    const corrupt = (position: number) =>
      good.slice(0, position) + String((Number(good[position]) + 1) % 10) + good.slice(position + 1);
    expect(inspectBoleto(corrupt(9), TODAY).problems).toEqual([
      'field 1 check digit: the line has 1, its digits give 0',
    ]);
    expect(inspectBoleto(corrupt(20), TODAY).problems[0]).toMatch(/^field 2 check digit/);
    expect(inspectBoleto(corrupt(31), TODAY).problems[0]).toMatch(/^field 3 check digit/);
    // A data digit of field 2 breaks its own digit and the general one.
    expect(inspectBoleto(corrupt(12), TODAY).problems.map((p) => p.split(':')[0])).toEqual([
      'field 2 check digit',
      'general check digit',
    ]);
  });
});

describe('convênio boletos', () => {
  it('mod-11 blocks (third digit 8): line ↔ barcode, amount, segment (boleto-utils)', () => {
    const barcode = '83860000005096000190000008017823000034306271';
    const line = '838600000050096000190009000801782309000343062712';
    for (const input of [barcode, line]) {
      const boleto = inspectBoleto(input, TODAY);
      expect(boleto).toMatchObject({
        valid: true,
        kind: 'convenio',
        bank: null,
        amount: 50960,
        line,
        barcode,
      });
      expect(boleto.segment).toBe('electricity and gas');
      expect(boleto.due_date).toBeNull();
    }
    expect(boletoBarcodeToLine('85820000000572503282035607082021053959190446')).toBe(
      '858200000007572503282030560708202107539591904460',
    );
  });

  it('mod-10 blocks (third digit 6) (boleto-utils, ClipBarcode)', () => {
    expect(boletoLineToBarcode('846300000003299902962024004101360008002006441147')).toBe(
      '84630000000299902962020041013600000200644114',
    );
    expect(inspectBoleto('846300000003299902962024004101360008002006441147', TODAY).valid).toBe(true);
    const line = '826500000110 314400081704 924000000027 202104000015';
    const boleto = inspectBoleto(line, TODAY);
    expect(boleto).toMatchObject({ valid: true, amount: 113144, segment: 'sanitation' });
    expect(boleto.barcode).toBe('82650000011314400081709240000000220210400001');
  });

  it('names the block or general digit that is wrong (ClipBarcode invalid variants)', () => {
    const good = inspectBoleto('85870000134 7 79110328221 0 40072022125 6 74512580554 8', TODAY);
    expect(good).toMatchObject({ valid: true, barcode: '85870000134791103282214007202212574512580554' });
    expect(inspectBoleto('85870000134 0 79110328221 0 40072022125 6 74512580554 8', TODAY).problems).toEqual([
      'block 1 check digit: the line has 0, its digits give 7',
    ]);
    const barcode = inspectBoleto('85870000133791103282214007202212574512580554', TODAY);
    expect(barcode.problems.map((p) => p.split(':')[0])).toEqual(['general check digit']);
  });

  it('a value identifier that is not 6–9 is named', () => {
    const boleto = inspectBoleto('85570000134791103282214007202212574512580554', TODAY);
    expect(boleto.problems).toEqual([
      'value identifier (3rd digit): 5 is not 6, 7 (mod 10) or 8, 9 (mod 11)',
    ]);
  });
});

describe('input shape', () => {
  it('rejects other lengths and non-digits, naming what is wrong', () => {
    expect(inspectBoleto('1234', TODAY)).toMatchObject({ valid: false, kind: null });
    expect(inspectBoleto('1234', TODAY).problems[0]).toMatch(/^length: 4 digits; a boleto is/);
    expect(inspectBoleto('0019050095401448160690680935031433737000000010X', TODAY).problems[0]).toMatch(
      /^line: "X" is not a digit/,
    );
  });
});

describe('due-date factor, both cycles', () => {
  it('factor 1000 is 2000-07-03 (MoisesMsa/boleto) and 2025-02-22 (vladetec)', () => {
    expect(dueDateCandidates(1000, TODAY).candidates).toEqual(['2000-07-03', '2025-02-22']);
    expect(dueDateFactor('2000-07-03')).toBe(1000);
    expect(dueDateFactor('2025-02-21')).toBe(9999);
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    expect(dueDateFactor('2025-02-23')).toBe(1001);
  });

  it('chooses the candidate nearest today and says so', () => {
    const reading = dueDateCandidates(1500, Date.UTC(2026, 0, 1));
    expect(reading.candidates).toEqual(['2001-11-15', '2026-07-07']);
    expect(reading.chosen).toBe('2026-07-07');
    expect(reading.note).toBe(
      'factor 1500 also means 2001-11-15 (the factor restarted at 1000 on 2025-02-22); the date nearest today is shown',
    );
    expect(dueDateCandidates(1500, Date.UTC(2002, 0, 1)).chosen).toBe('2001-11-15');
  });

  it('a date outside both cycles has no factor', () => {
    expect(() => dueDateFactor('1999-01-01')).toThrow(RangeError);
    expect(() => dueDateFactor('2025-02-30')).toThrow(RangeError);
  });
});

describe('buildBankBoleto', () => {
  it('issues a barcode and line that inspect as valid with their parts', () => {
    const { barcode, line } = buildBankBoleto({
      bank: '999',
      amount: 12345,
      dueDate: '2026-06-01',
      freeField: '1234567890123456789012345',
    });
    const boleto = inspectBoleto(line, TODAY);
    expect(boleto).toMatchObject({
      valid: true,
      bank: '999',
      amount: 12345,
      due_date: '2026-06-01',
      barcode,
    });
  });
});
