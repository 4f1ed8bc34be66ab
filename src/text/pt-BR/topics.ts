import { portuguese } from '../catalog.js';
import type { TopicsEnglish } from '../en/topics.js';

export const topicsPortuguese = portuguese<TopicsEnglish>()({
  noHelpFor: 'não há ajuda para "{words}": veja `paygate help` para comandos e tópicos',
  exitCodes: `Códigos de saída

  0    sucesso
  1    erro interno inesperado (um bug; --debug mostra a pilha), ou não foi
       possível escrever a saída (disco cheio): o que o comando fez vale
  2    erro de uso ou de validação, ou Não numa confirmação: nada foi enviado
  3    a API recusou o pedido (4xx), inclusive "não encontrado"; ou recusado
       aqui mesmo (saldo insuficiente)
  4    falha de autenticação ou de permissão (401/403, nenhuma chave
       configurada; o banco do diário recusou a senha, o papel ou seus
       privilégios)
  5    limite de requisições atingido e novas tentativas esgotadas
  6    falha de rede, tempo esgotado ou 5xx num pedido que pode ser repetido
  7    o status final não é de sucesso (cobrança com status
       {chargeFailure}, transferência com status {payoutFailure})
  8    ainda pendente quando o --timeout do watch/wait acabou
  9    resultado desconhecido: um pedido de criação foi enviado e não veio
       resposta, ou veio uma que não diz se ele foi feito (um 5xx); nada foi
       repetido (para transferências com --key: resolva com
       \`paygate payout reconcile --key K\`)
  10   incompleto: o que foi lido é mostrado, mas as respostas do gateway não
       puderam ser lidas até o fim (um limite como --max-pages, ou paginação
       que o paygate não sabe seguir); um charge find que não percorreu a
       lista inteira termina aqui, nunca com 3
  130  interrompido (Ctrl-C ou SIGTERM) sem pedido de criação em andamento;
       um watch mostra o comando que o retoma
`,
  environment: `Variáveis de ambiente

  PAYGATE_SECRET_KEY    chave secreta (substitui a do perfil)
  PAYGATE_PUBLIC_KEY    chave pública, para tokens de cartão
  PAYGATE_BASE_URL      URL do gateway (substitui a do perfil; --base-url
                        substitui esta)
  PAYGATE_PROFILE       perfil a usar (--profile substitui este)
  PAYGATE_CONFIG_DIR    pasta do config.json e do diário das execuções com
                        --key (padrão $XDG_CONFIG_HOME/paygate ou
                        ~/.config/paygate)
  PAYGATE_JOURNAL_URL   postgres://usuario@host:porta/banco: guarda o diário de
                        --key no PostgreSQL, compartilhado por todas as
                        máquinas que o usam (journal.url)
  PAYGATE_ALLOW_INSECURE_HTTP=1  envia as chaves a um gateway http:// fora
                        desta máquina (recusado sem ela: iriam sem criptografia)
  PAYGATE_LANG          idioma das mensagens e da ajuda: pt-BR ou en
                        (substitui a configuração lang e LC_ALL, LC_MESSAGES,
                        LANG)
  NO_COLOR              sem cores quando definida; FORCE_COLOR força as cores
                        (--no-color prevalece)
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY
                        proxy para os pedidos à API
  CI                    quando definida, nunca pergunta nada (como --no-input)

Precedência: flag > ambiente > perfil > padrão.
Chaves nunca são aceitas como flags (apareceriam no \`ps\`): use a pergunta
interativa, --secret-key-stdin ou o ambiente.
`,
});
