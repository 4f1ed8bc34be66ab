import { portuguese } from '../catalog.js';
import type { BoletoEnglish } from '../en/boleto.js';

export const boletoPortuguese = portuguese<BoletoEnglish>()({
  labelValid: 'Válido',
  labelKind: 'Tipo',
  labelBank: 'Banco',
  labelAmount: 'Valor',
  labelDueDate: 'Vencimento',
  labelSegment: 'Segmento',
  labelLine: 'Linha digitável',
  labelBarcode: 'Código de barras',
  yes: 'sim',
  no: 'não',
  kindBank: 'bancário',
  kindConvenio: 'convênio',
  reference: 'uma referência, não um valor',
  dueDateCandidates: '{date} (a data mais próxima de hoje; o fator também indica {others})',
  lineEmpty: 'linha: a linha está vazia',
  nothingOnStdin: 'linha: nada no stdin: envie a linha digitável ou o código de barras por um pipe',
  notValid: {
    one: 'linha: boleto inválido ({count} problema):\n{problems}',
    other: 'linha: boleto inválido ({count} problemas):\n{problems}',
  },
});
