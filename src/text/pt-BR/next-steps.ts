import { portuguese } from '../catalog.js';
import type { NextStepsEnglish } from '../en/next-steps.js';

export const nextStepsPortuguese = portuguese<NextStepsEnglish>()({
  lookBeforeRetrying: '{message} Nada foi repetido: confira com {look} antes de tentar de novo.',
  setBaseUrl: '{message} (defina com --base-url ou PAYGATE_BASE_URL, ex.: https://api.example.com)',
  withField: '{message} (campo: {field})',

  lookChargeListOrFind: '{list} (ou {find})',
  lookToken: 'nada a conferir (um token de cartão pode ser criado de novo)',
  lookGet: 'um GET do recurso',

  configureSecretKey:
    'rode {login} (ele pede a chave, ou a lê com --secret-key-stdin), ou defina PAYGATE_SECRET_KEY',
  configurePublicKey: 'rode {login}, ou defina PAYGATE_PUBLIC_KEY',
  checkSecretKey: 'confira a chave secreta ({login}, ou PAYGATE_SECRET_KEY)',

  baseUrlNoApi: 'confira --base-url (a URL do gateway, sem /v1)',
  baseUrlNotTheApi: 'a resposta não veio da API do gateway: confira --base-url, o prefixo da API e o proxy',
  baseUrlRedirect: 'confira --base-url (ex.: https:// em vez de http://)',

  stalledProxy:
    'a conexão pelo proxy em {origin} ({variable}) não se completou a tempo: o proxy, ou o gateway atrás dele, não respondeu; confira o proxy ou aumente --request-timeout',
  timedOut: 'o gateway não respondeu a tempo; aumente --request-timeout ou tente de novo mais tarde',
  tooLong: 'isso não é uma resposta da API: confira --base-url e o proxy',
  connectionRefused: 'nada responde na URL base: o gateway (ou {sandbox}) está rodando?',
  hostNotFound: 'o nome do host não foi encontrado: confira --base-url',
  tlsProblem: 'problema no certificado TLS: confira --base-url e o proxy',
  untrustedCertificate:
    'o certificado do servidor foi assinado por uma autoridade em que esta máquina não confia; atrás de um proxy corporativo que inspeciona TLS, ou com uma CA privada, defina NODE_EXTRA_CA_CERTS=/caminho/para/ca.pem',
  expiredCertificate:
    'o certificado do servidor expirou (ou o relógio desta máquina está errado): o gateway, ou o proxy que inspeciona TLS, precisa renová-lo; confiar em outra CA não resolve',
  certificateNotYetValid: 'o certificado do servidor ainda não é válido: confira o relógio desta máquina',
  certificateOtherHost:
    'o certificado do servidor é de outro nome de host: confira --base-url; um proxy que inspeciona TLS precisa apresentar um certificado com o nome do gateway',
});
