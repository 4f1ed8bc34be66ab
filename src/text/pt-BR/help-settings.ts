// The Portuguese descriptions of the settings (src/config/settings.ts SETTING_DEFINITIONS), by
// the keys of docs/language.md (`setting fee.pix`); `config list` shows them, and
// test/text/help-keys-payout-and-more.test.ts holds them in step with the settings.
export const settingsHelp: Readonly<Record<string, string>> = {
  'setting lang':
    'o idioma em que o paygate fala com pessoas: en ou pt-BR (PAYGATE_LANG tem prioridade; sem valor: o locale, LC_ALL, LC_MESSAGES ou LANG); scripts veem o mesmo JSON, CSV e códigos de saída nos dois',
  'setting output': 'formato de saída padrão (table, json, ndjson, csv, plain)',
  'setting fee.pix':
    'taxa do Pix em percentual usada nas prévias (padrão 3,99, a taxa que a API do gateway documenta)',
  'setting fee.card':
    'taxa do cartão em percentual usada nas prévias (padrão 4,99: uma suposição, o gateway não publica taxa de cartão)',
  'setting fee.boleto':
    'taxa do boleto em percentual usada nas prévias (padrão 1,99: uma suposição, o gateway não publica taxa de boleto)',
  'setting payout.max_amount':
    'recusa transferências acima deste valor (centavos, ou reais com duas casas decimais)',
  'setting qr':
    'como os QR codes são desenhados: auto (preto no branco num terminal colorido, senão plain), color (preto no branco, mesmo com NO_COLOR), plain (tinta para fundo claro), plain-dark (tinta para fundo escuro)',
  'setting watch.interval': 'intervalo padrão de consulta dos comandos watch (ex.: 2s)',
  'setting journal.url':
    'guarda o diário das criações com chave (--key) neste banco PostgreSQL, compartilhado por todas as máquinas que o usam: postgres://usuario@host:porta/banco (PAYGATE_JOURNAL_URL tem prioridade; sem valor: arquivos na pasta de configuração)',
  'setting journal.lookup_window':
    'até quanto tempo atrás uma criação com chave, sem entrada no diário, procura a marca da chave no gateway antes de enviar (padrão 48h: a janela de idempotência)',
  'setting journal.gateway_lookup':
    'required (padrão): uma criação com chave que o diário não conhece procura a marca da chave no gateway, e não envia nada (saída 10) quando essa busca não pode ser concluída; skip: sem busca, confiando só no diário (journal.url) e no cabeçalho de idempotência',
  'setting retry.max_tries':
    'tentativas no total (contando a primeira) de uma requisição que pode ser repetida com segurança, e de uma que o gateway limitou: um número inteiro de 1 a 10 (padrão 4)',
  'setting retry.base_delay':
    'a maior espera antes da segunda tentativa; cada espera seguinte pode ser o dobro da anterior, até retry.max_delay (padrão 500ms; cada espera é uma parte aleatória do seu teto)',
  'setting retry.max_delay':
    'a maior espera possível entre tentativas (padrão 8s: atingida da 5ª espera em diante, então só com retry.max_tries 6 ou mais; com as 4 tentativas padrão toda espera fica abaixo de 2s)',
  'setting gateway.money_unit':
    'o gateway deste perfil: a unidade dos seus campos de dinheiro fora dos nomes da própria API (balance, value, valor, saldo…): centavos ou reais (sem valor: a unidade é desconhecida, mostrada como recebida e nunca usada em contas)',
  'setting gateway.charge_status':
    'o gateway deste perfil: suas palavras de status de cobrança lidas como as da API, PALAVRA=status separadas por vírgula (ex.: `RECEIVED=paid,OVERDUE=expired`)',
  'setting gateway.payout_status':
    'o gateway deste perfil: suas palavras de status de transferência lidas como as da API, PALAVRA=status separadas por vírgula (ex.: `CONCLUIDA=completed,rejected=failed`)',
};
