import { portuguese } from '../catalog.js';
import type { DemoEnglish } from '../en/demo.js';

export const demoPortuguese = portuguese<DemoEnglish>()({
  noArguments: 'argumento: demo não aceita argumentos',
  intro: 'paygate demo: uma cobrança Pix com split, da criação à transferência, num sandbox privado.',
  pressEnter: 'Enter: passo {number}/{total}, {title} (Ctrl-C encerra)',
  interrupted: 'interrompido: a demonstração parou.',
  stepHeading: '── {number}/{total}  {title} ──',
  failedAtStep: 'a demonstração falhou no passo {number} ({title}): {message}',
  failedHint: 'isto é um bug: por favor, relate-o junto com a saída acima',
  neverPrompts: 'a demonstração nunca faz perguntas',
  commandTimedOut: '`{command}` não terminou em {seconds} s',
  commandExited: '`{command}` saiu com código {code}',
  fewerSellers: 'o sandbox criou menos de três vendedores',
  clockRefused: 'o sandbox recusou adiantar o relógio (HTTP {status})',
  notificationsNotSent: 'o sandbox não terminou de enviar as notificações',
  titleWhoIsWho: 'Quem é quem',
  titlePlanSplit: 'Planejar o split',
  titleCreateCharge: 'Criar a cobrança Pix',
  titleCustomerPays: 'O cliente paga',
  titleNotifications: 'Notificações',
  titleBalances: 'Saldos',
  titlePayOut: 'Transferir',
  titleWhatNext: 'E agora?',
  roleMainSeller: 'vendedor principal: cria a cobrança e paga a taxa',
  rolePartner: 'parceiro: {percent}% do split',
  gatewayNote: '  Gateway: um sandbox privado em {url} (sua configuração fica intacta).',
  webhookNote:
    '  O webhook de cada vendedor aponta para um receptor local (o mesmo do `paygate webhook listen`): {url}',
  keyNote:
    '  Os comandos abaixo usam a chave do vendedor principal em PAYGATE_SECRET_KEY, salvo indicação em contrário.',
  previewNote: '  Sem conexão: taxa e split calculados antes de enviar qualquer coisa.',
  noChargeId: '`paygate charge create` não mostrou o ID da cobrança (ci_…)',
  qrAfterwards:
    '  Esta cobrança só existe durante a demonstração. Para ver um QR code de novo,\n  aumente a janela ou diminua a fonte (Ctrl -) e inicie um sandbox:\n{sandboxStart}\n  depois, em outro terminal:\n{login}\n{chargeCreate}',
  customerScans: '  O cliente lê o QR code; aqui o sandbox faz o papel do banco do cliente:',
  receiverGot: {
    one: '  O receptor recebeu {count} notificação de {id}:',
    other: '  O receptor recebeu {count} notificações de {id}:',
  },
  recipientMain: 'vendedor principal: o split inteiro',
  recipientPartner: 'parceiro: só a própria parte',
  noNotificationFor: 'nenhuma notificação chegou a {seller} ({id})',
  pixSettles: '  O Pix cai na hora: cada parte já está disponível. {seller}, com a própria chave:',
  partnerOwnKey: '  {seller}, com a própria chave:',
  payoutFromCron:
    '  No cron, com segurança: com --key, repetir mostra esta transferência em vez de pagar duas vezes.',
  clockAhead:
    '  (O sandbox da demonstração adianta o relógio enquanto um comando espera: os 2 s da transferência passam na hora.)',
  noPayoutNotification: 'o receptor não recebeu nenhuma notificação de transferência',
  receiverGotPayout: '  E o receptor recebeu:',
  done: 'Pronto em {seconds} s: cobrou {charged}, dividiu em três partes, transferiu {paidOut}.',
  next: 'Próximos passos:',
  nextSandboxStart: 'um sandbox seu que continua rodando',
  nextLogin: 'entrar nele (em outro terminal)',
  nextWebhookListen: 'ver as notificações chegando',
  nextChargeHelp: 'todas as opções de uma cobrança',
});
