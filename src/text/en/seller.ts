// What `seller find` says to a person (src/commands/seller/find.ts).
import { englishTexts } from '../catalog.js';

export const sellerEnglish = {
  notFound: 'no seller with e-mail {email}',
  notAnEmail:
    'email: {value} is not an e-mail address (seller find looks a seller up by e-mail: paygate seller find contato@example.com)',
  headerSellerId: 'SELLER ID',
  headerName: 'NAME',
  headerEmail: 'E-MAIL',
  headerStatus: 'STATUS',
  headerCompliance: 'COMPLIANCE',
  headerPix: 'PIX',
  pixEnabled: 'enabled',
  pixDisabled: 'disabled',
} as const;

export type SellerEnglish = typeof sellerEnglish;
export const saySeller = englishTexts('seller', sellerEnglish);
