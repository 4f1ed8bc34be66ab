import { portuguese } from '../catalog.js';
import type { SplitEnglish } from '../en/split.js';

export const splitPortuguese = portuguese<SplitEnglish>()({
  estimate: 'Isto é uma estimativa: o gateway calcula a taxa e o split finais, e os números dele valem.',
  noArguments: 'split preview não recebe argumentos',
  amountRequired: '--amount é obrigatório (o valor da cobrança, ex.: 10000 ou 100.00)',
  rulesBrokenListed: {
    one: '{count} regra do split violada (listada acima)',
    other: '{count} regras do split violadas (listadas acima)',
  },
  rulesBroken: {
    one: '{count} regra do split violada: {rules}',
    other: '{count} regras do split violadas: {rules}',
  },
  sellerNotChecked:
    '{field}: o vendedor {seller} não foi conferido: a API só busca vendedores por e-mail; o gateway confere ao criar a cobrança.',
  statusNotActive: 'situação {status}, não ativo',
  complianceNotApproved: 'verificação {status}, não aprovada',
  pixNotEnabled: 'Pix não habilitado',
  cannotReceive: '{field}: o vendedor {seller} ({email}) não pode receber split: {problems}',
  sellerNotFound: '{field}: nenhum vendedor com o e-mail {email}',
  percentOfNet: '{percentage}% do líquido',
  fixed: 'fixo',
  mainSeller: 'vendedor principal (restante)',
  labelGross: 'Bruto',
  labelFee: 'Taxa ({rate}%)',
  labelNet: 'Líquido',
  labelMode: 'Modo',
  modePercentage: 'percentual',
  modeAmount: 'valor fixo',
  headerSeller: 'VENDEDOR',
  headerShare: 'PARTE',
  headerAmount: 'VALOR',
  headerDescription: 'DESCRIÇÃO',
});
