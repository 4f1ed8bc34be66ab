// What `account` and `balance` say to a person (src/commands/account/account.ts).
import { englishTexts } from '../catalog.js';

export const accountEnglish = {
  labelSellerId: 'Seller ID',
  labelName: 'Name',
  labelEmail: 'E-mail',
  labelDocument: 'Document',
  labelPersonType: 'Person type',
  labelStatus: 'Status',
  labelCompliance: 'Compliance',
  labelPixKey: 'PIX key',
  labelDefaultStore: 'Default store',
  labelPix: 'PIX',
  pixEnabled: 'enabled',
  pixNotEnabled: 'not enabled',
  labelAvailable: 'Available',
  labelPending: 'Pending',
  labelReserved: 'Reserved',
  labelCurrency: 'Currency',
  figureUnusable: 'balance: {problem}: shown as received, not converted',
} as const;

export type AccountEnglish = typeof accountEnglish;
export const sayAccount = englishTexts('account', accountEnglish);
