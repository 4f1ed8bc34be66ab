import { portuguese } from '../catalog.js';
import type { SellerEnglish } from '../en/seller.js';

export const sellerPortuguese = portuguese<SellerEnglish>()({
  notFound: 'nenhum vendedor com o e-mail {email}',
  notAnEmail:
    'e-mail: {value} não é um endereço de e-mail (seller find busca um vendedor pelo e-mail: paygate seller find contato@example.com)',
  headerSellerId: 'ID DO VENDEDOR',
  headerName: 'NOME',
  headerEmail: 'E-MAIL',
  headerStatus: 'SITUAÇÃO',
  headerCompliance: 'VERIFICAÇÃO',
  headerPix: 'PIX',
  pixEnabled: 'habilitado',
  pixDisabled: 'desabilitado',
});
