// The sellers every sandbox starts with (main seller 1001 first), their keys drawn from the id
// source, and the payout providers a payout is given.
import type { IdSource } from './random.js';
import type { SeededSeller, SellerRecord } from './records.js';

export const PAYOUT_PROVIDERS = ['sandbox-bank-alfa', 'sandbox-bank-beta', 'sandbox-bank-gama'] as const;

/** What a seed gives; ids, keys, the PIX key and the store follow from it. */
type SellerSeed = Pick<
  SellerRecord,
  'name' | 'email' | 'person_type' | 'status' | 'compliance_status' | 'pix_enabled' | 'document' | 'city'
> & { whitelisted: boolean };

/** The seeded sellers, main first; ids 1001, 1002, … in this order. */
const SELLER_SEEDS: SellerSeed[] = [
  {
    name: 'Loja Exemplo Ltda',
    email: 'financeiro@lojaexemplo.com.br',
    person_type: 'PJ',
    status: 'active',
    compliance_status: 'approved',
    pix_enabled: true,
    document: '11222333000181',
    city: 'Sao Paulo',
    whitelisted: true,
  },
  {
    name: 'Parceiro Alfa Ltda',
    email: 'contato@parceiroalfa.com.br',
    person_type: 'PJ',
    status: 'active',
    compliance_status: 'approved',
    pix_enabled: true,
    document: '11444777000161',
    city: 'Rio de Janeiro',
    whitelisted: false,
  },
  {
    name: 'Parceiro Beta ME',
    email: 'vendas@parceirobeta.com.br',
    person_type: 'PJ',
    status: 'active',
    compliance_status: 'approved',
    pix_enabled: true,
    document: '23654789000108',
    city: 'Belo Horizonte',
    whitelisted: false,
  },
  {
    name: 'Nova Loja Ltda',
    email: 'cadastro@novaloja.com.br',
    person_type: 'PJ',
    status: 'active',
    compliance_status: 'pending',
    pix_enabled: true,
    document: '45871236000131',
    city: 'Curitiba',
    whitelisted: false,
  },
  {
    name: 'Loja Encerrada Ltda',
    email: 'admin@lojaencerrada.com.br',
    person_type: 'PJ',
    status: 'inactive',
    compliance_status: 'approved',
    pix_enabled: true,
    document: '67120345000150',
    city: 'Porto Alegre',
    whitelisted: false,
  },
  {
    name: 'Loja Sem Pix Ltda',
    email: 'contato@lojasempix.com.br',
    person_type: 'PJ',
    status: 'active',
    compliance_status: 'approved',
    pix_enabled: false,
    document: '89301456000103',
    city: 'Recife',
    whitelisted: false,
  },
  {
    name: 'Maria Silva',
    email: 'maria.silva@example.com.br',
    person_type: 'PF',
    status: 'active',
    compliance_status: 'approved',
    pix_enabled: true,
    document: '52998224725',
    city: 'Salvador',
    whitelisted: false,
  },
];

export const MAIN_SELLER_ID = 1001;

export function seedSellers(ids: IdSource): SellerRecord[] {
  return SELLER_SEEDS.map((seed, index) => {
    const seller_id = MAIN_SELLER_ID + index;
    return {
      seller_id,
      name: seed.name,
      email: seed.email,
      person_type: seed.person_type,
      status: seed.status,
      compliance_status: seed.compliance_status,
      pix_enabled: seed.pix_enabled,
      document: seed.document,
      secret_key: `sk_test_${ids.alnum(24)}`,
      public_key: `pk_test_${ids.alnum(24)}`,
      city: seed.city,
      pix_key: { type: seed.person_type === 'PJ' ? 'cnpj' : 'cpf', value: seed.document },
      whitelisted_ips: seed.whitelisted ? ['127.0.0.1', '::1'] : [],
      default_store_id: seller_id + 6000,
    };
  });
}

export function publicSeller(seller: SellerRecord): SeededSeller {
  return {
    seller_id: seller.seller_id,
    name: seller.name,
    email: seller.email,
    person_type: seller.person_type,
    status: seller.status,
    compliance_status: seller.compliance_status,
    pix_enabled: seller.pix_enabled,
    document: seller.document,
    secret_key: seller.secret_key,
    public_key: seller.public_key,
  };
}
