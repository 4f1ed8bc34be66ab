import { portuguese } from '../catalog.js';
import type { SandboxCommandEnglish } from '../en/sandbox-command.js';

export const sandboxCommandPortuguese = portuguese<SandboxCommandEnglish>()({
  portInUse: '--port: a porta {port} está em uso (outro sandbox?); use --port 0 para qualquer porta livre',
  listening: 'Gateway sandbox ouvindo em {url} (API em /v1 e /api/v1)\n',
  useIt:
    '\nUse:     {login}\n    ou:  export PAYGATE_BASE_URL={url}\n         export PAYGATE_SECRET_KEY={secretKey}\nAs chaves mudam a cada início (guarde-as com --seed N ou --state ARQUIVO).\nPare com Ctrl-C. Requisições e notificações aparecem abaixo conforme chegam\n(-q: ocultas; `paygate sandbox log` mostra todas).\n',
  stopped: 'Sandbox encerrado.',
  sellerType: '({type})',
  sellerTypeMain: '({type}) · vendedor principal',
  pixEnabled: 'Pix',
  pixDisabled: 'sem Pix',
  secretKey: '  chave secreta  {key}',
  publicKey: '  chave pública  {key}',
  chargePaid: 'Cobrança {id} paga.',
  chargeFailed: 'Cobrança {id} falhou.',
  chargeExpired: 'Cobrança {id} expirada.',
  payoutCompleted: 'Transferência {id} concluída.',
  payoutFailed: 'Transferência {id} falhou; o valor voltou para o saldo.',
  reset: 'Sandbox reiniciado: vendedores como no início, sem cobranças, transferências nem notificações.',
  clockTooFar: 'duração: o relógio do sandbox avança no máximo {days} dias além da hora real',
  clockAdvanced: 'Relógio do sandbox adiantado em {duration}: agora {now}.',
  unknownTime: 'desconhecida',
  forgeRequired:
    '--forge é obrigatório: o sandbox já envia sozinho as notificações reais; este envia uma forjada',
  chargeOrPayout: 'informe --charge ou --payout (um dos dois)',
  forgedSent: 'Notificação forjada enviada para {targets}.',
  nothingYet: 'Nada ainda: o sandbox não respondeu a nenhuma requisição.',
  notRunning: 'nenhum sandbox responde em {url}',
  startOne: 'inicie um com `{command}`',
  startOneOr: 'inicie um com `{command}` ({alternative})',
});
