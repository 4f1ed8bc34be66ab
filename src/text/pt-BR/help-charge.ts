// The help of `charge` in Portuguese, by help key (docs/language.md).
export const chargeHelpPortuguese: Readonly<Record<string, string>> = {
  charge: 'Cria, acompanha e consulta cobranças',
  'charge create': 'Cria uma cobrança: Pix (padrão), cartão ou boleto',
  'charge create: description':
    'Todas as regras da API são conferidas antes de enviar qualquer coisa (saída 2 indicando o campo). ' +
    'Valores: centavos inteiros (1500) ou reais com duas casas (15.00, 15,00, "R$ 1.500,00", 1,500.00). ' +
    'Split: VENDEDOR=PARTE[:descrição], VENDEDOR é o id ou e-mail do vendedor, PARTE 30% ou um valor.\n\n' +
    'Com --external-id (e sem --key), as cobranças que já o têm são procuradas antes, como faz `charge find --external-id`: ' +
    'num terminal a encontrada é mostrada e você escolhe se cria outra (padrão Não, saída 2); ' +
    'sem terminal, ou com --yes, um aviso no stderr a indica e a cobrança é criada; --unique-external-id não envia nada (saída 3). ' +
    'Uma busca que não pode terminar (lista longa, erro do gateway) avisa e segue, ou com --unique-external-id sai com 10.',
  'charge create --amount': 'valor a cobrar',
  'charge create --currency': 'código da moeda (padrão BRL; Pix e boleto: só BRL)',
  'charge create --description': 'descrição do Pix mostrada a quem paga (máx. 255)',
  'charge create --expires-in': 'validade do Pix, de 60s a 1d (padrão 30m)',
  'charge create --customer-name': 'nome do cliente',
  'charge create --customer-email': 'e-mail do cliente',
  'charge create --customer-document': 'CPF ou CNPJ do cliente (dígitos verificadores conferidos)',
  'charge create --customer-phone': 'telefone do cliente',
  'charge create --customer-address':
    'rua,número,cidade,UF,CEP ou JSON; com complemento e bairro: rua,número,complemento,bairro,cidade,UF,CEP',
  'charge create --shipping-address':
    'endereço de entrega: rua,número,cidade,UF,CEP (ou com complemento,bairro) ou JSON',
  'charge create --item': 'um item (pode repetir)',
  'charge create --metadata': 'um metadado (pode repetir)',
  'charge create --external-id':
    'sua própria referência, devolvida nos webhooks; a cobrança que já a tem é mostrada antes de criar',
  'charge create --store-id': 'operação do painel (padrão: a do vendedor)',
  'charge create --product-id': 'produto do painel, só para associação',
  'charge create --callback-url': 'URL extra de notificação desta cobrança',
  'charge create --checkout-redirect': 'checkout hospedado: a resposta traz um checkout_url',
  'charge create --success-url': 'para onde o checkout redireciona após o pagamento',
  'charge create --cancel-url': 'para onde o checkout redireciona ao cancelar',
  'charge create --split': 'parte do split VENDEDOR=PARTE[:descrição] (pode repetir)',
  'charge create --split-file': 'arquivo JSON com a lista das partes do split',
  'charge create --method': 'forma de pagamento: pix (padrão), card (cartão) ou boleto',
  'charge create --card-token': 'cartão: um token de `paygate token card` (- lê da entrada padrão)',
  'charge create --installments': 'cartão: parcelas, de 1 a 12 (padrão 1)',
  'charge create --capture': 'cartão: auto (padrão) ou manual (autoriza agora, `charge capture` depois)',
  'charge create --statement-descriptor': 'cartão: texto na fatura de quem paga (máx. 13)',
  'charge create --due-date': 'boleto: vencimento, AAAA-MM-DD, DD/MM/AAAA ou +Nd (ex.: +3d)',
  'charge create --fine': 'boleto: multa após o vencimento, em % do valor',
  'charge create --interest': 'boleto: juros após o vencimento, em % ao mês',
  'charge create --discount': 'boleto: desconto se pago até --discount-until',
  'charge create --discount-until': 'boleto: último dia do desconto (padrão: o vencimento)',
  'charge create --instructions': 'boleto: instruções impressas nele (máx. 255)',
  'charge create --pdf': 'boleto: baixa o PDF para esse arquivo',
  'charge create --force': 'com --pdf: substitui o arquivo se ele já existir',
  'charge create --fee-rate': 'taxa usada na prévia (padrão: configuração fee.pix)',
  'charge create --from-file': 'corpo do pedido em JSON (as flags substituem seus campos)',
  'charge create --from-csv':
    'uma cobrança por linha do CSV (colunas como as flags: amount, description, customer_email…), cada uma registrada no diário pela sua chave; - para a entrada padrão',
  'charge create --key-column': 'a coluna do --from-csv com a chave de idempotência de cada linha',
  'charge create --dry-run': 'mostra o corpo, a prévia de taxa e split e o endereço Pix; nada é enviado',
  'charge create --key':
    'chave de idempotência: repetir o comando mostra a cobrança já criada, nunca cria outra',
  'charge create --unique-external-id':
    'com --external-id: não envia nada quando uma cobrança já o tem (saída 3) ou quando isso não pode ser verificado (saída 10)',
  'charge create --yes':
    'não pergunta sobre um --amount inteiro abaixo de 100 nem sobre um --external-id já usado; só avisa',
  'charge create --no-qr': 'não desenha o QR code',
  'charge create --watch': 'depois de criar, acompanha a cobrança até o status {chargeSuccess}',
  'charge create --interval':
    'intervalo entre as consultas de status (padrão: configuração watch.interval, 2s)',
  'charge create --timeout': 'desiste depois desse tempo (padrão: até o vencimento + 1m)',
  'charge get': 'Mostra uma cobrança; com - lê ids da entrada padrão (um por linha) e mostra cada uma',
  'charge get <id>': 'id da cobrança (ci_…), ou - para ler ids da entrada padrão',
  'charge get --qr': 'desenha o QR code de novo',
  'charge get --concurrency': 'pedidos em paralelo ao ler ids da entrada padrão',
  'charge find': 'Encontra uma cobrança pelo txid do Pix ou pela referência externa',
  'charge find --txid': 'id da transação Pix (txid)',
  'charge find --external-id': 'sua referência, informada na criação',
  'charge find --max-pages': 'páginas a percorrer quando o gateway não tem filtro',
  'charge list': 'Lista cobranças, das mais novas para as mais antigas',
  'charge list --status': 'só cobranças com este status (pode repetir, ou `paid,refunded`)',
  'charge list --external-id': 'só cobranças com esta referência externa',
  'charge list --since':
    'criadas a partir de (uma data 2026-11-01 ou 01/11/2026, data e hora, ou um tempo atrás como 7d)',
  'charge list --until':
    'criadas até (uma data: até o fim desse dia; data e hora ou um tempo atrás: antes disso)',
  'charge list --limit': 'quantas, das mais novas (padrão 20; com --since/--until: o período todo)',
  'charge list --all': 'todas as páginas, em fluxo (use -o ndjson ou csv para exportar)',
  'charge list --max-pages':
    'máximo de páginas lidas; saída 10 se a lista tiver mais (padrão 50 com --since/--until)',
  'charge watch': 'Acompanha uma cobrança até ela deixar de estar pendente',
  'charge watch: description':
    'Saída 0 {chargeSuccess}, 7 {chargeFailure}, 8 ainda pendente no --timeout, 130 com Ctrl-C.',
  'charge watch <id>': 'id da cobrança',
  'charge watch --interval':
    'intervalo entre as consultas de status (padrão: configuração watch.interval, 2s)',
  'charge watch --timeout': 'desiste depois desse tempo (padrão: até o vencimento + 1m)',
  'charge refund': 'Estorna uma cobrança paga',
  'charge refund: description':
    'Mostra a cobrança depois do estorno e o status dela; se o gateway responde com um objeto de ' +
    'estorno (com id e status próprios, ex.: in_process), a cobrança é consultada de novo e o status ' +
    'do estorno é informado à parte. --json mostra a resposta do gateway como veio.',
  'charge refund <id>': 'id da cobrança',
  'charge reconcile':
    'Resolve uma cobrança com chave de idempotência de resultado desconhecido (saída 9), pelo external_id',
  'charge reconcile --key': 'a chave de idempotência usada em `charge create --key`',
  'charge reconcile --same-clock':
    'declara que o relógio do host que escreveu a entrada concordava com o deste host em até um minuto',
  'charge cancel': 'Cancela uma cobrança pendente, ou anula uma cobrança de cartão autorizada',
  'charge cancel <id>': 'id da cobrança',
  'charge capture': 'Captura uma cobrança de cartão autorizada, inteira ou em parte',
  'charge capture: description':
    'Cobranças de cartão criadas com captura manual ficam autorizadas até serem capturadas (ou ' +
    'anuladas com `charge cancel`). --amount captura uma parte (no máximo o valor autorizado). Um ' +
    'gateway sem o endpoint de captura responde 404: saída 3, com o motivo.',
  'charge capture <id>': 'id da cobrança',
  'charge capture --amount': 'valor a capturar (padrão: todo o valor autorizado)',
  'charge qr': 'Confere um código Pix Copia e Cola (estrutura, CRC) e o desenha',
  'charge qr <emv>': 'o código, ou - para lê-lo da entrada padrão',
  'charge qr --no-qr': 'só os campos, sem o desenho',
};
