import { portuguese } from '../catalog.js';
import type { TokenEnglish } from '../en/token.js';

export const tokenPortuguese = portuguese<TokenEnglish>()({
  stdinNotJson:
    '--stdin: a entrada não é um JSON válido (esperado {"number","holder_name","exp_month","exp_year","cvv"})',
  stdinTooDeep:
    '--stdin: a entrada tem mais de {depth} níveis aninhados (esperado {"number","holder_name","exp_month","exp_year","cvv"})',
  stdinNotObject: '--stdin: esperado um objeto JSON {"number","holder_name","exp_month","exp_year","cvv"}',
  mustBeString: '{name}: deve ser um texto',
  isRequired: '{name}: é obrigatório',
  expiryFormat: 'expiry: use MM/AA (ex.: 09/28)',
  promptNumber: 'Número do cartão',
  promptHolder: 'Nome do titular (como no cartão)',
  promptExpiry: 'Validade (MM/AA)',
  promptCvv: 'CVV',
  expiryExample: 'use MM/AA, ex.: 09/28',
  problemsNothingSent: '{problems}; nada foi enviado',
  noArguments: 'token card não aceita argumentos: os dados do cartão vêm das perguntas ou de --stdin (JSON)',
  stdinRequired:
    '--stdin é obrigatório sem um terminal: envie o cartão em JSON {"number","holder_name","exp_month","exp_year","cvv"} por um pipe (nunca em flags)',
  labelToken: 'Token',
  labelBrand: 'Bandeira',
  labelLast4: 'Final',
  labelExpiry: 'Validade',
});
