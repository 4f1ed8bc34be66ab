import { portuguese } from '../catalog.js';
import type { AccountEnglish } from '../en/account.js';

export const accountPortuguese = portuguese<AccountEnglish>()({
  labelSellerId: 'ID do vendedor',
  labelName: 'Nome',
  labelEmail: 'E-mail',
  labelDocument: 'Documento',
  labelPersonType: 'Tipo de pessoa',
  labelStatus: 'Situação',
  labelCompliance: 'Verificação',
  labelPixKey: 'Chave Pix',
  labelDefaultStore: 'Loja padrão',
  labelPix: 'Pix',
  pixEnabled: 'habilitado',
  pixNotEnabled: 'não habilitado',
  labelAvailable: 'Disponível',
  labelPending: 'A receber',
  labelReserved: 'Reservado',
  labelCurrency: 'Moeda',
  figureUnusable: 'saldo: {problem}: mostrado como recebido, sem conversão',
});
