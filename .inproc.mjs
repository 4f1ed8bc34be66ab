// ../../tmp/inproc.ts
import { Agent as Agent2, request as request2 } from "undici";

// src/sandbox/server.ts
import { createServer } from "node:http";

// src/sandbox/errors.ts
var SandboxError = class extends Error {
  status;
  type;
  code;
  field;
  headers;
  constructor(status, type, code, message, field, headers2) {
    super(message);
    this.name = "SandboxError";
    this.status = status;
    this.type = type;
    this.code = code;
    this.field = field;
    this.headers = headers2;
  }
  toBody() {
    const error = { type: this.type, code: this.code, message: this.message };
    if (this.field !== void 0) error.field = this.field;
    return { success: false, error };
  }
};
function invalidRequest(code, message, field) {
  return new SandboxError(400, "invalid_request_error", code, message, field);
}
function notFound(code, message) {
  return new SandboxError(404, "not_found_error", code, message);
}
function conflict(code, message) {
  return new SandboxError(409, "invalid_request_error", code, message);
}
function forbidden(code, message) {
  return new SandboxError(403, "permission_error", code, message);
}

// src/sandbox/faults.ts
var FAULT_KINDS = ["drop", "500", "503", "delay", "429", "malformed", "html502"];
var METHODS = /* @__PURE__ */ new Set(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "*"]);
function normalizePath(path) {
  let p = path.trim().replace(/\{[^}/]+\}/g, ":id");
  if (p.startsWith("/api/v1")) p = p.slice(4);
  if (p.length > 1 && p.endsWith("/")) p = p.slice(0, -1);
  return p;
}
function parseFault(body, id) {
  const route = body.route;
  if (typeof route !== "string" || route.trim() === "") {
    throw invalidRequest("missing_field", 'route is required, e.g. "POST /v1/payouts"', "route");
  }
  const parts = route.trim().split(/\s+/);
  let method = null;
  let path;
  if (parts.length === 2 && METHODS.has(parts[0].toUpperCase())) {
    method = parts[0].toUpperCase() === "*" ? null : parts[0].toUpperCase();
    path = parts[1];
  } else if (parts.length === 1) {
    path = parts[0];
  } else {
    throw invalidRequest("invalid_value", 'route must be "METHOD /path" or "/path"', "route");
  }
  if (!path.startsWith("/")) throw invalidRequest("invalid_value", "route path must start with /", "route");
  const kind = body.kind;
  if (typeof kind !== "string" || !FAULT_KINDS.includes(kind)) {
    throw invalidRequest("invalid_value", `kind must be one of ${FAULT_KINDS.join(", ")}`, "kind");
  }
  const count = body.count ?? 1;
  if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 1) {
    throw invalidRequest("invalid_value", "count must be a positive integer", "count");
  }
  const delay = body.delayMs ?? body.delay_ms ?? 1e3;
  if (typeof delay !== "number" || !Number.isFinite(delay) || delay < 0 || delay > 6e5) {
    throw invalidRequest("invalid_value", "delayMs must be a number of milliseconds (0\u2013600000)", "delayMs");
  }
  const when = body.when ?? (kind === "drop" || kind === "malformed" ? "after" : "before");
  if (when !== "before" && when !== "after") {
    throw invalidRequest("invalid_value", 'when must be "before" or "after"', "when");
  }
  return {
    id,
    route: route.trim(),
    method,
    path: normalizePath(path),
    kind,
    count,
    remaining: count,
    delay_ms: delay,
    when
  };
}
var Faults = class {
  list = [];
  add(f) {
    this.list.push(f);
  }
  clear() {
    this.list.length = 0;
  }
  /**
   * The first fault matching a request (path normalised to /v1, `template` its route template
   * or null), consumed by one. Cheap when there are none.
   */
  take(method, path, template) {
    if (this.list.length === 0) return void 0;
    for (let i = 0; i < this.list.length; i++) {
      const f = this.list[i];
      if (f.method !== null && f.method !== method) continue;
      if (f.path !== template && f.path !== path && !path.startsWith(f.path.endsWith("/") ? f.path : `${f.path}/`)) {
        continue;
      }
      f.remaining--;
      if (f.remaining <= 0) this.list.splice(i, 1);
      return f;
    }
    return void 0;
  }
};

// src/sandbox/http.ts
function ok(data, status = 200) {
  return { status, body: { success: true, data } };
}
var DEFAULT_LIMIT = 20;
var MAX_LIMIT = 100;
function parsePage(query) {
  return {
    page: positiveInt(query, "page") ?? 1,
    limit: Math.min(MAX_LIMIT, positiveInt(query, "limit") ?? DEFAULT_LIMIT)
  };
}
function positiveInt(query, name) {
  const raw = query.get(name);
  if (raw === null || raw === "") return void 0;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw invalidRequest("invalid_query_parameter", `${name} must be a positive integer`, name);
  }
  return Number(raw);
}
function paged(items, req, view) {
  const start = (req.page - 1) * req.limit;
  const slice = items.slice(start, start + req.limit);
  return {
    status: 200,
    body: {
      success: true,
      data: slice.map(view),
      pagination: {
        page: req.page,
        limit: req.limit,
        total: items.length,
        has_more: start + slice.length < items.length
      }
    }
  };
}
function parseTimeBound(query, names, upper) {
  for (const name of names) {
    const raw = query.get(name);
    if (raw === null || raw === "") continue;
    if (/^\d{1,12}$/.test(raw)) return Number(raw) * 1e3;
    const ms = Date.parse(raw);
    if (Number.isNaN(ms)) {
      throw invalidRequest(
        "invalid_query_parameter",
        `${name} must be an ISO 8601 date or date-time, or Unix seconds`,
        name
      );
    }
    return upper && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? ms + 864e5 - 1 : ms;
  }
  return void 0;
}
function parseStatusFilter(query, allowed) {
  const raw = query.get("status");
  if (raw === null || raw === "") return void 0;
  const wanted = raw.split(",").map((s) => s.trim());
  for (const s of wanted) {
    if (!allowed.includes(s)) {
      throw invalidRequest(
        "invalid_query_parameter",
        `status must be one of ${allowed.join(", ")}`,
        "status"
      );
    }
  }
  return new Set(wanted);
}
function requireObject(body) {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw invalidRequest("invalid_body", "The request body must be a JSON object", void 0);
  }
  return body;
}
function fieldPath(path) {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out === "" ? String(p) : `.${String(p)}`;
  }
  return out;
}
function valueAt(root, path) {
  let cur = root;
  for (const p of path) {
    if (cur === null || typeof cur !== "object") return void 0;
    cur = cur[p];
  }
  return cur;
}
function typeName(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

// src/domain/money.ts
function formatMoney(centavos) {
  if (!Number.isSafeInteger(centavos)) {
    throw new RangeError(`formatMoney expects integer centavos, got ${centavos}`);
  }
  const sign = centavos < 0 ? "-" : "";
  const magnitude = Math.abs(centavos);
  const reais = Math.floor(magnitude / 100);
  const cents = magnitude % 100;
  const groupedReais = String(reais).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${sign}R$ ${groupedReais},${String(cents).padStart(2, "0")}`;
}
function toExactDecimal(value) {
  if (!Number.isFinite(value)) {
    throw new RangeError(`expected a finite number, got ${value}`);
  }
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(value));
  if (!match) {
    throw new RangeError(`cannot read ${value} as a decimal`);
  }
  const [, sign, integerDigits, fractionDigits = "", exponentText = "0"] = match;
  let numerator = BigInt(`${integerDigits}${fractionDigits}`);
  if (sign === "-") numerator = -numerator;
  const exponent = Number(exponentText) - fractionDigits.length;
  if (exponent >= 0) {
    return { numerator: numerator * 10n ** BigInt(exponent), scale: 0 };
  }
  return { numerator, scale: -exponent };
}
function divideRoundHalfUp(numerator, denominator) {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return remainder * 2n >= denominator ? quotient + 1n : quotient;
}

// src/domain/split.ts
var SplitRule = {
  AmountPositive: "amount_positive",
  FeeRateRange: "fee_rate_range",
  SellerRequired: "seller_required",
  SellerIdInvalid: "seller_id_invalid",
  OneShare: "one_share",
  MixedModes: "mixed_modes",
  PercentageRange: "percentage_range",
  PercentageTotal: "percentage_total",
  AmountInteger: "amount_integer",
  AmountTotal: "amount_total",
  MinimumAmount: "minimum_amount",
  DescriptionLength: "description_length"
};
var PERCENTAGE_TOTAL_TOLERANCE = 0.01;
var SPLIT_DESCRIPTION_MAX_LENGTH = 255;
var ESTIMATE_WARNING = "This is an estimate: the gateway computes the final fee and split, and its figures win.";
function computeFee(amount, feeRatePercent) {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`computeFee expects a non-negative integer amount in centavos, got ${amount}`);
  }
  if (!isValidPercentage(feeRatePercent)) {
    throw new RangeError(`computeFee expects a fee rate between 0 and 100, got ${feeRatePercent}`);
  }
  const rate = toExactDecimal(feeRatePercent);
  return Number(divideRoundHalfUp(BigInt(amount) * rate.numerator, 100n * 10n ** BigInt(rate.scale)));
}
function computeSplit(input) {
  const { amount, feeRate, entries } = input;
  const violations = [];
  const warnings = [ESTIMATE_WARNING];
  const amountIsValid = Number.isSafeInteger(amount) && amount > 0;
  if (!amountIsValid) {
    violations.push({
      field: "amount",
      rule: SplitRule.AmountPositive,
      message: `amount: ${amount} must be a positive integer number of centavos`
    });
  }
  const feeRateIsValid = isValidPercentage(feeRate);
  if (!feeRateIsValid) {
    violations.push({
      field: "fee_rate",
      rule: SplitRule.FeeRateRange,
      message: `fee_rate: ${feeRate} must be a percentage between 0 and 100`
    });
  }
  const fee = amountIsValid && feeRateIsValid ? computeFee(amount, feeRate) : 0;
  const net = amountIsValid ? amount - fee : 0;
  const netIsKnown = amountIsValid && feeRateIsValid;
  const previewEntries = entries.map((entry) => ({
    seller_id: entry.sellerId ?? null,
    email: entry.email ?? null,
    percentage: entry.percentage ?? null,
    amount: entry.percentage === void 0 ? entry.amount ?? null : null,
    description: entry.description ?? null
  }));
  const requestedModes = entries.map((entry, index) => checkEntry(entry, `split[${index}]`, violations));
  const hasPercentage = requestedModes.includes("percentage");
  const hasAmount = requestedModes.includes("amount");
  if (hasPercentage && hasAmount) {
    violations.push({
      field: "split",
      rule: SplitRule.MixedModes,
      message: "split: percentage entries and fixed-amount entries cannot be mixed in one split"
    });
  }
  const mode = hasPercentage && !hasAmount ? "percentage" : hasAmount && !hasPercentage ? "amount" : null;
  entries.forEach((entry, index) => {
    if (requestedModes[index] === "amount" && Number.isSafeInteger(entry.amount) && entry.amount < 1) {
      violations.push(minimumViolation(index, entry.amount));
    }
  });
  let mainSellerAmount = null;
  if (entries.length === 0) {
    mainSellerAmount = netIsKnown ? net : null;
  } else if (mode === "percentage") {
    mainSellerAmount = computePercentageSplit(entries, net, netIsKnown, previewEntries, violations, warnings);
  } else if (mode === "amount") {
    const fixedAmounts = entries.map((entry) => entry.amount).filter((value) => Number.isSafeInteger(value));
    const total = fixedAmounts.reduce((sum, value) => sum + value, 0);
    if (amountIsValid && total > amount) {
      violations.push({
        field: "split",
        rule: SplitRule.AmountTotal,
        message: `split: fixed amounts total ${formatMoney(total)}, more than the charge amount ${formatMoney(amount)}`
      });
    }
    if (netIsKnown) mainSellerAmount = net - total;
  }
  if (mainSellerAmount !== null && mainSellerAmount < 0) {
    warnings.push(
      `The split entries add up to more than the net value ${formatMoney(net)}: the main seller would be debited ${formatMoney(-mainSellerAmount)}.`
    );
  }
  return {
    amount,
    fee_rate: feeRate,
    fee,
    net,
    mode,
    entries: previewEntries,
    main_seller_amount: mainSellerAmount,
    warnings,
    violations
  };
}
function checkEntry(entry, field, violations) {
  const hasSellerId = entry.sellerId !== void 0;
  const hasEmail = entry.email !== void 0 && entry.email.trim() !== "";
  if (hasSellerId && !(Number.isSafeInteger(entry.sellerId) && entry.sellerId > 0)) {
    violations.push({
      field: `${field}.seller_id`,
      rule: SplitRule.SellerIdInvalid,
      message: `${field}.seller_id: ${entry.sellerId} must be a positive integer`
    });
  }
  if (!hasSellerId && !hasEmail) {
    violations.push({
      field,
      rule: SplitRule.SellerRequired,
      message: `${field}: needs a seller (a seller id or an e-mail)`
    });
  }
  if (entry.description !== void 0 && entry.description.length > SPLIT_DESCRIPTION_MAX_LENGTH) {
    violations.push({
      field: `${field}.description`,
      rule: SplitRule.DescriptionLength,
      message: `${field}.description: ${entry.description.length} characters, at most ${SPLIT_DESCRIPTION_MAX_LENGTH} allowed`
    });
  }
  const hasPercentage = entry.percentage !== void 0;
  const hasAmount = entry.amount !== void 0;
  if (hasPercentage === hasAmount) {
    violations.push({
      field,
      rule: SplitRule.OneShare,
      message: hasPercentage ? `${field}: has both a percentage and an amount; give exactly one` : `${field}: has neither a percentage nor an amount; give exactly one`
    });
    return null;
  }
  if (hasPercentage) {
    if (!isValidPercentage(entry.percentage)) {
      violations.push({
        field: `${field}.percentage`,
        rule: SplitRule.PercentageRange,
        message: `${field}.percentage: ${entry.percentage} must be between 0 and 100`
      });
    }
    return "percentage";
  }
  if (!Number.isSafeInteger(entry.amount)) {
    violations.push({
      field: `${field}.amount`,
      rule: SplitRule.AmountInteger,
      message: `${field}.amount: ${entry.amount} must be an integer number of centavos`
    });
  }
  return "amount";
}
function computePercentageSplit(entries, net, netIsKnown, previewEntries, violations, warnings) {
  const finitePercentages = entries.flatMap(
    (entry, index) => entry.amount === void 0 && Number.isFinite(entry.percentage) ? [{ index, decimal: toExactDecimal(entry.percentage), isValid: isValidPercentage(entry.percentage) }] : []
  );
  const scale = Math.max(2, ...finitePercentages.map(({ decimal }) => decimal.scale));
  const unitsPerPercent = 10n ** BigInt(scale);
  const toUnits = (decimal) => decimal.numerator * 10n ** BigInt(scale - decimal.scale);
  const hundredPercent = 100n * unitsPerPercent;
  const tolerance = unitsPerPercent / 100n;
  const totalUnits = finitePercentages.reduce((sum, { decimal }) => sum + toUnits(decimal), 0n);
  const distance = totalUnits > hundredPercent ? totalUnits - hundredPercent : hundredPercent - totalUnits;
  if (distance > tolerance) {
    violations.push({
      field: "split",
      rule: SplitRule.PercentageTotal,
      message: `split: percentages total ${formatUnits(totalUnits, scale)}%, they must total 100 (tolerance ${PERCENTAGE_TOTAL_TOLERANCE})`
    });
  }
  if (!netIsKnown) return null;
  const shares = finitePercentages.filter(({ isValid }) => isValid).map(({ index, decimal }) => {
    const product = BigInt(net) * toUnits(decimal);
    return {
      index,
      units: toUnits(decimal),
      floor: product / hundredPercent,
      remainder: product % hundredPercent
    };
  });
  const validUnits = shares.reduce((sum, share) => sum + share.units, 0n);
  const floorsTotal = shares.reduce((sum, share) => sum + share.floor, 0n);
  let leftover = BigInt(net) - floorsTotal;
  if (validUnits >= hundredPercent && leftover > 0n && shares.length > 0) {
    const byRemainder = [...shares].sort(
      (left, right) => left.remainder === right.remainder ? 0 : left.remainder > right.remainder ? -1 : 1
    );
    for (let position = 0; leftover > 0n; position = (position + 1) % byRemainder.length) {
      byRemainder[position].floor += 1n;
      leftover -= 1n;
    }
  }
  let allocated = 0;
  for (const share of shares) {
    const entryAmount = Number(share.floor);
    previewEntries[share.index].amount = entryAmount;
    allocated += entryAmount;
    if (entryAmount < 1) violations.push(minimumViolation(share.index, entryAmount));
  }
  const rest = net - allocated;
  if (validUnits < hundredPercent && rest > 0) {
    warnings.push(
      `The percentages total ${formatUnits(validUnits, scale)}%: the remaining ${formatMoney(rest)} stays with the main seller.`
    );
  }
  return rest;
}
function minimumViolation(index, entryAmount) {
  const field = `split[${index}]`;
  return {
    field,
    rule: SplitRule.MinimumAmount,
    message: `${field}: comes to ${entryAmount} centavos; every split entry must receive at least 1 centavo`
  };
}
function isValidPercentage(value) {
  return Number.isFinite(value) && value >= 0 && value <= 100;
}
function formatUnits(units, scale) {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const integerPart = digits.slice(0, digits.length - scale);
  const fractionPart = digits.slice(digits.length - scale).replace(/0+$/, "");
  return `${negative ? "-" : ""}${integerPart}${fractionPart ? `.${fractionPart}` : ""}`;
}

// src/sandbox/ledger.ts
var account = {
  available: (sellerId) => `seller:${sellerId}:available`,
  pending: (sellerId) => `seller:${sellerId}:pending`,
  reserved: (sellerId) => `seller:${sellerId}:reserved`,
  payoutsInFlight: (sellerId) => `seller:${sellerId}:payouts_in_flight`,
  fees: "house:fees",
  pixIn: "external:pix_in",
  pixOut: "external:pix_out"
};
var LedgerError = class extends Error {
};
var Ledger = class {
  balances = /* @__PURE__ */ new Map();
  txns = [];
  get journal() {
    return this.txns;
  }
  /** Records a transaction; refuses one whose postings are not integers summing to zero. */
  post(kind, ref, at, postings) {
    let sum = 0;
    for (const p of postings) {
      if (!Number.isSafeInteger(p.amount))
        throw new LedgerError(`non-integer posting ${p.amount} to ${p.account}`);
      sum += p.amount;
    }
    if (sum !== 0) throw new LedgerError(`unbalanced transaction ${kind} ${ref}: sums to ${sum}`);
    const txn = {
      id: this.txns.length + 1,
      kind,
      ref,
      at,
      postings: postings.filter((p) => p.amount !== 0)
    };
    this.apply(txn);
    this.txns.push(txn);
    return txn;
  }
  /** Posts the exact opposite of `txn`. */
  reverse(txn, kind, at) {
    return this.post(
      kind,
      txn.ref,
      at,
      txn.postings.map((p) => ({ account: p.account, amount: -p.amount, memo: `reversal of #${txn.id}` }))
    );
  }
  find(id) {
    return this.txns[id - 1];
  }
  balance(name) {
    return this.balances.get(name) ?? 0;
  }
  /** Every account with its balance. */
  accounts() {
    const out = {};
    for (const [name, value] of [...this.balances].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) {
      out[name] = value;
    }
    return out;
  }
  /** Sum of every account: zero, always. */
  sum() {
    let sum = 0;
    for (const v of this.balances.values()) sum += v;
    return sum;
  }
  reset() {
    this.balances.clear();
    this.txns = [];
  }
  toJSON() {
    return this.txns;
  }
  /** Replaces the journal (state file) and recomputes every balance from it. */
  load(journal) {
    this.reset();
    for (const txn of journal) {
      let sum = 0;
      for (const p of txn.postings) sum += p.amount;
      if (sum !== 0) throw new LedgerError(`state file: transaction #${txn.id} does not balance`);
      this.apply(txn);
      this.txns.push(txn);
    }
  }
  apply(txn) {
    for (const p of txn.postings)
      this.balances.set(p.account, (this.balances.get(p.account) ?? 0) + p.amount);
  }
};
function chargePaymentPostings(input) {
  const main = input.mainSellerId;
  const postings = [
    { account: account.pixIn, amount: -input.amount, memo: `payment of ${input.chargeId}` },
    { account: account.available(main), amount: input.amount, memo: "gross amount" },
    { account: account.available(main), amount: -input.fee, memo: "Cash In fee" },
    { account: account.fees, amount: input.fee, memo: `fee of ${input.chargeId}` }
  ];
  const credits = /* @__PURE__ */ new Map();
  credits.set(main, input.amount - input.fee);
  for (const part of input.parts) {
    postings.push({
      account: account.available(main),
      amount: -part.amount,
      memo: `split to ${part.sellerId}`
    });
    postings.push({ account: account.available(part.sellerId), amount: part.amount, memo: "split part" });
    credits.set(main, (credits.get(main) ?? 0) - part.amount);
    credits.set(part.sellerId, (credits.get(part.sellerId) ?? 0) + part.amount);
  }
  if (input.reserveRate > 0) {
    for (const [sellerId, credit] of credits) {
      if (credit <= 0) continue;
      const held = computeFee(credit, input.reserveRate);
      if (held <= 0) continue;
      postings.push({ account: account.available(sellerId), amount: -held, memo: "reserve" });
      postings.push({ account: account.reserved(sellerId), amount: held, memo: "reserve" });
    }
  }
  return postings;
}

// src/sandbox/control.ts
function charge(gw, id) {
  const c = gw.state.charges.get(id);
  if (!c) throw notFound("charge_not_found", `No charge ${id}`);
  return c;
}
function payout(gw, id) {
  const p = gw.state.payouts.get(id);
  if (!p) throw notFound("payout_not_found", `No payout ${id}`);
  return p;
}
function reason(body, fallback) {
  if (body && typeof body === "object" && typeof body.reason === "string") {
    return body.reason;
  }
  return fallback;
}
function requirePendingCharge(c, action) {
  if (c.status !== "pending")
    throw conflict("charge_not_pending", `Charge ${c.id} is ${c.status}: cannot ${action} it`);
}
function sellerState(ctx) {
  const { gw } = ctx;
  return gw.state.sellerList().map((s) => ({
    seller_id: s.seller_id,
    name: s.name,
    email: s.email,
    person_type: s.person_type,
    status: s.status,
    compliance_status: s.compliance_status,
    pix_enabled: s.pix_enabled,
    document: s.document,
    pix_key: s.pix_key,
    whitelisted_ips: s.whitelisted_ips,
    default_store_id: s.default_store_id,
    rate_limit: gw.limiter.limitFor(s.seller_id),
    secret_key: s.secret_key,
    public_key: s.public_key,
    balance: gw.balanceOf(s.seller_id),
    payouts_in_flight: gw.state.ledger.balance(account.payoutsInFlight(s.seller_id))
  }));
}
async function handleControl(ctx, method, parts, query, body) {
  const { gw } = ctx;
  gw.scheduler.runDue();
  const [a, b, c] = parts;
  const withId = b !== void 0 && (a === "charges" || a === "payouts" || a === "sellers");
  const route = withId ? `${method} ${a}/:id${c !== void 0 ? `/${c}` : ""}` : `${method} ${parts.join("/")}`;
  switch (route) {
    case "GET health":
    case "GET ":
      return ok({ ok: true, now: gw.iso(), url: gw.baseUrl });
    case "POST charges/:id/pay": {
      const ch = charge(gw, b);
      requirePendingCharge(ch, "pay");
      gw.payCharge(ch);
      return ok(gw.chargeView(ch));
    }
    case "POST charges/:id/fail": {
      const ch = charge(gw, b);
      requirePendingCharge(ch, "fail");
      gw.failCharge(ch, reason(body, "payment_failed"));
      return ok(gw.chargeView(ch));
    }
    case "POST charges/:id/expire": {
      const ch = charge(gw, b);
      requirePendingCharge(ch, "expire");
      gw.expireCharge(ch);
      return ok(gw.chargeView(ch));
    }
    case "POST payouts/:id/process": {
      const p = payout(gw, b);
      if (p.status !== "pending")
        throw conflict("payout_not_pending", `Payout ${p.id} is ${p.status}, not pending`);
      gw.processPayout(p);
      return ok(gw.payoutView(p));
    }
    case "POST payouts/:id/complete": {
      const p = payout(gw, b);
      if (p.status !== "pending" && p.status !== "processing") {
        throw conflict("payout_already_final", `Payout ${p.id} is already ${p.status}`);
      }
      if (p.status === "pending") gw.processPayout(p);
      gw.completePayout(p);
      return ok(gw.payoutView(p));
    }
    case "POST payouts/:id/fail": {
      const p = payout(gw, b);
      if (p.status !== "pending" && p.status !== "processing") {
        throw conflict("payout_already_final", `Payout ${p.id} is already ${p.status}`);
      }
      gw.failPayout(p, reason(body, "provider_error"));
      return ok(gw.payoutView(p));
    }
    case "GET clock":
      return ok({ now: gw.iso(), offset_ms: gw.state.clockOffsetMs });
    case "POST clock/advance": {
      const o = requireObject(body ?? {});
      const ms = o.ms !== void 0 ? o.ms : typeof o.seconds === "number" ? o.seconds * 1e3 : void 0;
      if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
        throw invalidRequest(
          "invalid_value",
          'Give {"ms": N} or {"seconds": N}, a non-negative number',
          "ms"
        );
      }
      gw.advanceClock(Math.round(ms));
      return ok({ now: gw.iso(), offset_ms: gw.state.clockOffsetMs });
    }
    case "POST reset":
      ctx.reset();
      return ok({ reset: true, now: gw.iso() });
    case "GET faults":
      return ok(ctx.faults.list);
    case "POST faults": {
      const f = parseFault(requireObject(body), gw.newId("flt_", void 0, 8));
      ctx.faults.add(f);
      return ok(f, 201);
    }
    case "DELETE faults":
      ctx.faults.clear();
      return ok({ cleared: true });
    case "GET requests": {
      const path = query.get("path");
      const m = query.get("method");
      let list = ctx.requests;
      if (path !== null || m !== null) {
        list = list.filter(
          (r) => (m === null || r.method === m.toUpperCase()) && (path === null || r.path === path || r.path.replace(/^\/api\/v1/, "/v1") === path)
        );
      }
      return { status: 200, body: list };
    }
    case "DELETE requests":
      ctx.requests.length = 0;
      return ok({ cleared: true });
    case "GET notifications":
      return { status: 200, body: gw.notifier.attempts };
    case "DELETE notifications":
      gw.notifier.attempts.length = 0;
      return ok({ cleared: true });
    case "GET state":
      return ok({
        now: gw.iso(),
        clock_offset_ms: gw.state.clockOffsetMs,
        fee_rate: gw.options.feeRate,
        reserve_rate: gw.options.reserveRate,
        sellers: sellerState(ctx),
        ledger: {
          sum: gw.state.ledger.sum(),
          transactions: gw.state.ledger.journal.length,
          accounts: gw.state.ledger.accounts()
        },
        counts: {
          charges: gw.state.charges.size,
          payouts: gw.state.payouts.size,
          webhooks: gw.state.webhooks.size,
          tokens: gw.state.tokens.size
        },
        scheduled_tasks: gw.scheduler.size
      });
    case "POST sellers/:id":
      return ok(patchSeller(ctx, b, requireObject(body)));
    default:
      throw notFound("route_not_found", `No sandbox control endpoint ${method} /_sandbox/${parts.join("/")}`);
  }
}
function patchSeller(ctx, idText, body) {
  const { gw } = ctx;
  const s = gw.seller(Number(idText));
  if (!s) throw notFound("seller_not_found", `No seller ${idText}`);
  const bad = (field, rule) => new SandboxError(400, "invalid_request_error", "invalid_value", `${field} ${rule}`, field);
  if (body.status !== void 0) {
    if (typeof body.status !== "string") throw bad("status", "must be a string");
    s.status = body.status;
  }
  if (body.compliance_status !== void 0) {
    if (typeof body.compliance_status !== "string") throw bad("compliance_status", "must be a string");
    s.compliance_status = body.compliance_status;
  }
  if (body.pix_enabled !== void 0) {
    if (typeof body.pix_enabled !== "boolean") throw bad("pix_enabled", "must be a boolean");
    s.pix_enabled = body.pix_enabled;
  }
  if (body.whitelisted_ips !== void 0) {
    if (!Array.isArray(body.whitelisted_ips) || !body.whitelisted_ips.every((x) => typeof x === "string")) {
      throw bad("whitelisted_ips", "must be an array of IP addresses");
    }
    s.whitelisted_ips = body.whitelisted_ips;
  }
  if (body.pix_key !== void 0) {
    const k = body.pix_key;
    if (!k || typeof k !== "object" || typeof k.type !== "string" || typeof k.value !== "string") {
      throw bad("pix_key", 'must be {"type", "value"}');
    }
    s.pix_key = { type: k.type, value: k.value };
  }
  if (body.rate_limit !== void 0) {
    if (body.rate_limit === null) gw.limiter.overrides.delete(s.seller_id);
    else if (typeof body.rate_limit === "number" && Number.isSafeInteger(body.rate_limit) && body.rate_limit > 0) {
      gw.limiter.overrides.set(s.seller_id, body.rate_limit);
    } else throw bad("rate_limit", "must be a positive integer or null");
  }
  gw.dirty = true;
  return sellerState(ctx).find((x) => x.seller_id === s.seller_id);
}

// src/sandbox/notifier.ts
import { Agent, request } from "undici";
var Notifier = class {
  constructor(options, nowIso, newId, recordLimit) {
    this.nowIso = nowIso;
    this.newId = newId;
    this.recordLimit = recordLimit;
    this.maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 4));
    this.baseDelayMs = Math.max(0, options.baseDelayMs ?? 1e3);
    this.maxDelayMs = Math.max(this.baseDelayMs, options.maxDelayMs ?? 3e4);
    this.timeoutMs = Math.max(1, options.timeoutMs ?? 5e3);
    this.agent = new Agent({ keepAliveTimeout: 1e3, connections: 16 });
  }
  nowIso;
  newId;
  recordLimit;
  attempts = [];
  maxAttempts;
  baseDelayMs;
  maxDelayMs;
  timeoutMs;
  agent;
  inflight = /* @__PURE__ */ new Set();
  sleepers = /* @__PURE__ */ new Set();
  generation = 0;
  closed = false;
  /**
   * Starts a delivery in the background. The promise settles with the first attempt's record
   * (retries go on after it); it never rejects.
   */
  send(target, event, payload) {
    const id = this.newId();
    let onFirst = () => {
    };
    const first = new Promise((resolve) => {
      onFirst = resolve;
    });
    const run = this.deliver(id, target, event, payload, onFirst).catch(() => {
    }).finally(() => {
      this.inflight.delete(run);
      onFirst({
        id,
        ...target,
        event,
        payload,
        attempt: 0,
        status: null,
        error: "not delivered",
        at: this.nowIso()
      });
    });
    this.inflight.add(run);
    return first;
  }
  /** Resolves when no delivery is in progress (retries included). */
  async idle() {
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
  }
  /** Stops every pending retry and forgets the recorded attempts. */
  reset() {
    this.generation++;
    this.wakeSleepers();
    this.attempts.length = 0;
  }
  async close() {
    this.closed = true;
    this.generation++;
    this.wakeSleepers();
    await Promise.race([this.idle(), new Promise((r) => setTimeout(r, this.timeoutMs).unref())]);
    await this.agent.destroy().catch(() => {
    });
  }
  async deliver(id, target, event, payload, onFirst) {
    const generation = this.generation;
    const body = JSON.stringify(payload);
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      const record = {
        id,
        url: target.url,
        seller_id: target.seller_id,
        channel: target.channel,
        webhook_id: target.webhook_id,
        event,
        payload,
        attempt,
        status: null,
        error: null,
        at: this.nowIso()
      };
      if (this.closed) {
        record.error = "sandbox closed";
      } else {
        try {
          const res = await request(target.url, {
            method: "POST",
            dispatcher: this.agent,
            headers: {
              "content-type": "application/json",
              "user-agent": "paygate-sandbox/1",
              "x-paygate-event": event,
              "x-paygate-delivery": id,
              "x-paygate-attempt": String(attempt)
            },
            body,
            headersTimeout: this.timeoutMs,
            bodyTimeout: this.timeoutMs,
            signal: AbortSignal.timeout(this.timeoutMs)
          });
          record.status = res.statusCode;
          await res.body.dump().catch(() => {
          });
          if (res.statusCode < 200 || res.statusCode > 299)
            record.error = `receiver answered ${res.statusCode}`;
        } catch (err) {
          record.error = describe(err);
        }
      }
      if (generation !== this.generation && !this.closed) {
        onFirst(record);
        return;
      }
      this.record(record);
      if (attempt === 1) onFirst(record);
      if (record.status !== null && record.status >= 200 && record.status <= 299) return;
      if (attempt === this.maxAttempts || this.closed || generation !== this.generation) return;
      await this.sleep(Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (attempt - 1)));
      if (this.closed || generation !== this.generation) return;
    }
  }
  record(a) {
    this.attempts.push(a);
    if (this.attempts.length > this.recordLimit)
      this.attempts.splice(0, this.attempts.length - this.recordLimit);
  }
  sleep(ms) {
    return new Promise((resolve) => {
      const sleeper = {
        timer: setTimeout(() => {
          this.sleepers.delete(sleeper);
          resolve();
        }, ms),
        resolve
      };
      sleeper.timer.unref();
      this.sleepers.add(sleeper);
    });
  }
  wakeSleepers() {
    for (const s of this.sleepers) {
      clearTimeout(s.timer);
      s.resolve();
    }
    this.sleepers.clear();
  }
};
function describe(err) {
  if (err instanceof Error) {
    const code = err.code;
    const cause = err.cause;
    const causeCode = cause && typeof cause.code === "string" ? cause.code : void 0;
    if (err.name === "TimeoutError" || err.name === "AbortError") return "timeout";
    return [typeof code === "string" ? code : causeCode, err.message].filter(Boolean).join(": ");
  }
  return String(err);
}

// src/sandbox/random.ts
import { randomBytes } from "node:crypto";
var ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
function createIdSource(seed) {
  if (seed === void 0) return cryptoSource();
  let s = seed >>> 0;
  const next = () => {
    s = s + 1831565813 >>> 0;
    let t = s;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
  return {
    alnum(n) {
      let out = "";
      for (let i = 0; i < n; i++) out += ALNUM[Math.floor(next() * 62)];
      return out;
    },
    int(max) {
      return Math.floor(next() * max);
    },
    getState: () => s,
    setState(state) {
      if (typeof state === "number") s = state >>> 0;
    }
  };
}
function cryptoSource() {
  let pool = randomBytes(512);
  let pos = 0;
  const byte = () => {
    if (pos >= pool.length) {
      pool = randomBytes(512);
      pos = 0;
    }
    return pool[pos++];
  };
  return {
    alnum(n) {
      let out = "";
      while (out.length < n) {
        const b = byte();
        if (b < 248) out += ALNUM[b % 62];
      }
      return out;
    },
    int(max) {
      return Math.floor((byte() * 256 * 256 + byte() * 256 + byte()) / 16777216 * max);
    },
    getState: () => null,
    setState() {
    }
  };
}

// src/sandbox/ratelimit.ts
var RateLimiter = class {
  constructor(defaultLimit, overrides = /* @__PURE__ */ new Map(), windowMs = 6e4) {
    this.defaultLimit = defaultLimit;
    this.overrides = overrides;
    this.windowMs = windowMs;
  }
  defaultLimit;
  overrides;
  windowMs;
  counters = /* @__PURE__ */ new Map();
  result = { allowed: true, limit: 0, remaining: 0, reset: 0, retryAfter: 1 };
  limitFor(sellerId) {
    return this.overrides.get(sellerId) ?? this.defaultLimit;
  }
  /** Counts one request and says whether it is allowed. The returned object is reused. */
  hit(sellerId, category, now) {
    return this.compute(sellerId, category, now, true);
  }
  /** The state of a counter without counting (for responses that are not attributed). */
  peek(sellerId, category, now) {
    return this.compute(sellerId, category, now, false);
  }
  reset() {
    this.counters.clear();
  }
  compute(sellerId, category, now, count) {
    const window = Math.floor(now / this.windowMs);
    const limit = sellerId === null ? this.defaultLimit : this.limitFor(sellerId);
    let used = 0;
    if (sellerId !== null) {
      let perSeller = this.counters.get(sellerId);
      if (perSeller === void 0) {
        perSeller = /* @__PURE__ */ new Map();
        this.counters.set(sellerId, perSeller);
      }
      let counter = perSeller.get(category);
      if (counter === void 0) {
        counter = { window, count: 0 };
        perSeller.set(category, counter);
      }
      if (counter.window !== window) {
        counter.window = window;
        counter.count = 0;
      }
      if (count) counter.count++;
      used = counter.count;
    }
    const end = (window + 1) * this.windowMs;
    const r = this.result;
    r.allowed = used <= limit;
    r.limit = limit;
    r.remaining = Math.max(0, limit - used);
    r.reset = Math.ceil(end / 1e3);
    r.retryAfter = Math.max(1, Math.ceil((end - now) / 1e3));
    return r;
  }
};

// src/sandbox/scheduler.ts
var Scheduler = class {
  constructor(now, run, onRan = () => {
  }) {
    this.now = now;
    this.run = run;
    this.onRan = onRan;
  }
  now;
  run;
  onRan;
  heap = [];
  seq = 0;
  timer;
  armedFor = Number.POSITIVE_INFINITY;
  closed = false;
  running = false;
  get size() {
    return this.heap.length;
  }
  add(due, kind, id) {
    const task = { due, seq: this.seq++, kind, id };
    const h = this.heap;
    h.push(task);
    let i = h.length - 1;
    while (i > 0) {
      const p = i - 1 >> 1;
      if (!less(h[i], h[p])) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
    this.arm();
  }
  /** Runs every task due at `now()`; returns how many ran. Cheap when none is due. */
  runDue() {
    const top = this.heap[0];
    if (top === void 0 || this.running) return 0;
    const now = this.now();
    if (top.due > now) return 0;
    this.running = true;
    let ran = 0;
    try {
      while (this.heap.length > 0 && this.heap[0].due <= now) {
        const task = this.pop();
        ran++;
        this.run(task);
      }
    } finally {
      this.running = false;
    }
    this.disarm();
    this.arm();
    return ran;
  }
  clear() {
    this.heap = [];
    this.disarm();
  }
  close() {
    this.closed = true;
    this.clear();
  }
  /** (Re)arms the real timer for the earliest task. */
  arm() {
    if (this.closed) return;
    const top = this.heap[0];
    if (top === void 0) {
      this.disarm();
      return;
    }
    if (this.timer !== void 0 && top.due >= this.armedFor) return;
    this.disarm();
    const delay = Math.min(Math.max(0, top.due - this.now()), 2147483647);
    this.armedFor = top.due;
    this.timer = setTimeout(() => {
      this.timer = void 0;
      this.armedFor = Number.POSITIVE_INFINITY;
      if (this.runDue() > 0) this.onRan();
      else this.arm();
    }, delay);
    this.timer.unref();
  }
  disarm() {
    if (this.timer !== void 0) clearTimeout(this.timer);
    this.timer = void 0;
    this.armedFor = Number.POSITIVE_INFINITY;
  }
  pop() {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last !== void 0) {
      h[0] = last;
      let i = 0;
      for (; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && less(h[l], h[m])) m = l;
        if (r < h.length && less(h[r], h[m])) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }
};
function less(a, b) {
  return a.due < b.due || a.due === b.due && a.seq < b.seq;
}

// src/sandbox/state.ts
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
var PAYOUT_PROVIDERS = ["sandbox-bank-alfa", "sandbox-bank-beta", "sandbox-bank-gama"];
var SELLER_SEEDS = [
  {
    name: "Loja Exemplo Ltda",
    email: "financeiro@lojaexemplo.com.br",
    person_type: "PJ",
    status: "active",
    compliance_status: "approved",
    pix_enabled: true,
    document: "11222333000181",
    city: "Sao Paulo",
    whitelisted: true
  },
  {
    name: "Parceiro Alfa Ltda",
    email: "contato@parceiroalfa.com.br",
    person_type: "PJ",
    status: "active",
    compliance_status: "approved",
    pix_enabled: true,
    document: "11444777000161",
    city: "Rio de Janeiro",
    whitelisted: false
  },
  {
    name: "Parceiro Beta ME",
    email: "vendas@parceirobeta.com.br",
    person_type: "PJ",
    status: "active",
    compliance_status: "approved",
    pix_enabled: true,
    document: "23654789000108",
    city: "Belo Horizonte",
    whitelisted: false
  },
  {
    name: "Nova Loja Ltda",
    email: "cadastro@novaloja.com.br",
    person_type: "PJ",
    status: "active",
    compliance_status: "pending",
    pix_enabled: true,
    document: "45871236000131",
    city: "Curitiba",
    whitelisted: false
  },
  {
    name: "Loja Encerrada Ltda",
    email: "admin@lojaencerrada.com.br",
    person_type: "PJ",
    status: "inactive",
    compliance_status: "approved",
    pix_enabled: true,
    document: "67120345000150",
    city: "Porto Alegre",
    whitelisted: false
  },
  {
    name: "Loja Sem Pix Ltda",
    email: "contato@lojasempix.com.br",
    person_type: "PJ",
    status: "active",
    compliance_status: "approved",
    pix_enabled: false,
    document: "89301456000103",
    city: "Recife",
    whitelisted: false
  },
  {
    name: "Maria Silva",
    email: "maria.silva@example.com.br",
    person_type: "PF",
    status: "active",
    compliance_status: "approved",
    pix_enabled: true,
    document: "52998224725",
    city: "Salvador",
    whitelisted: false
  }
];
var MAIN_SELLER_ID = 1001;
function seedSellers(ids2) {
  return SELLER_SEEDS.map((seed, i) => {
    const seller_id = MAIN_SELLER_ID + i;
    return {
      seller_id,
      name: seed.name,
      email: seed.email,
      person_type: seed.person_type,
      status: seed.status,
      compliance_status: seed.compliance_status,
      pix_enabled: seed.pix_enabled,
      document: seed.document,
      secret_key: `sk_test_${ids2.alnum(24)}`,
      public_key: `pk_test_${ids2.alnum(24)}`,
      city: seed.city,
      pix_key: { type: seed.person_type === "PJ" ? "cnpj" : "cpf", value: seed.document },
      whitelisted_ips: seed.whitelisted ? ["127.0.0.1", "::1"] : [],
      default_store_id: seller_id + 6e3
    };
  });
}
function publicSeller(s) {
  return {
    seller_id: s.seller_id,
    name: s.name,
    email: s.email,
    person_type: s.person_type,
    status: s.status,
    compliance_status: s.compliance_status,
    pix_enabled: s.pix_enabled,
    document: s.document,
    secret_key: s.secret_key,
    public_key: s.public_key
  };
}
var SandboxState = class {
  sellers = /* @__PURE__ */ new Map();
  bySecretKey = /* @__PURE__ */ new Map();
  byPublicKey = /* @__PURE__ */ new Map();
  charges = /* @__PURE__ */ new Map();
  /** Charges of each seller in creation order (lists walk it backwards: newest first). */
  chargesBySeller = /* @__PURE__ */ new Map();
  payouts = /* @__PURE__ */ new Map();
  payoutsBySeller = /* @__PURE__ */ new Map();
  webhooks = /* @__PURE__ */ new Map();
  tokens = /* @__PURE__ */ new Map();
  ledger = new Ledger();
  clockOffsetMs = 0;
  constructor(sellers) {
    this.setSellers(sellers);
  }
  setSellers(sellers) {
    this.sellers.clear();
    this.bySecretKey.clear();
    this.byPublicKey.clear();
    for (const s of sellers) {
      this.sellers.set(s.seller_id, s);
      this.bySecretKey.set(s.secret_key, s);
      this.byPublicKey.set(s.public_key, s);
    }
  }
  sellerList() {
    return [...this.sellers.values()];
  }
  findSellerByEmail(email) {
    const wanted = email.trim().toLowerCase();
    for (const s of this.sellers.values()) if (s.email.toLowerCase() === wanted) return s;
    return void 0;
  }
  addCharge(c) {
    this.charges.set(c.id, c);
    let list = this.chargesBySeller.get(c.seller_id);
    if (list === void 0) {
      list = [];
      this.chargesBySeller.set(c.seller_id, list);
    }
    list.push(c);
  }
  addPayout(p) {
    this.payouts.set(p.id, p);
    let list = this.payoutsBySeller.get(p.seller_id);
    if (list === void 0) {
      list = [];
      this.payoutsBySeller.set(p.seller_id, list);
    }
    list.push(p);
  }
  webhooksOf(sellerId) {
    const out = [];
    for (const w of this.webhooks.values()) if (w.seller_id === sellerId) out.push(w);
    return out;
  }
  /** Forgets everything but the sellers. */
  clear() {
    this.charges.clear();
    this.chargesBySeller.clear();
    this.payouts.clear();
    this.payoutsBySeller.clear();
    this.webhooks.clear();
    this.tokens.clear();
    this.ledger.reset();
    this.clockOffsetMs = 0;
  }
  toJSON(prng) {
    return {
      version: STATE_VERSION,
      prng,
      clock_offset_ms: this.clockOffsetMs,
      sellers: this.sellerList(),
      charges: [...this.charges.values()],
      payouts: [...this.payouts.values()],
      webhooks: [...this.webhooks.values()],
      tokens: [...this.tokens.values()],
      ledger: [...this.ledger.journal]
    };
  }
  load(data) {
    this.clear();
    this.setSellers(data.sellers);
    for (const c of data.charges) this.addCharge(c);
    for (const p of data.payouts) this.addPayout(p);
    for (const w of data.webhooks) this.webhooks.set(w.id, w);
    for (const t of data.tokens) this.tokens.set(t.id, t);
    this.ledger.load(data.ledger);
    this.clockOffsetMs = data.clock_offset_ms;
  }
};
var STATE_VERSION = 1;
function readStateFile(path) {
  if (!existsSync(path)) return void 0;
  const text = readFileSync(path, "utf8");
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`sandbox state file ${path} is not valid JSON: ${err.message}`);
  }
  const d = data;
  if (d === null || typeof d !== "object" || d.version !== STATE_VERSION || !Array.isArray(d.sellers) || !Array.isArray(d.charges) || !Array.isArray(d.payouts) || !Array.isArray(d.webhooks) || !Array.isArray(d.tokens) || !Array.isArray(d.ledger)) {
    throw new Error(`sandbox state file ${path} is not a paygate sandbox state (version ${STATE_VERSION})`);
  }
  return {
    ...d,
    clock_offset_ms: typeof d.clock_offset_ms === "number" ? d.clock_offset_ms : 0
  };
}
var tmpCounter = 0;
function writeStateFile(path, data) {
  const tmp = `${path}.${process.pid}.${++tmpCounter}.tmp`;
  writeFileSync(tmp, JSON.stringify(data), { mode: 384 });
  renameSync(tmp, path);
}

// src/sandbox/gateway.ts
var Gateway = class {
  constructor(options) {
    this.options = options;
    this.ids = createIdSource(options.seed);
    const initial = options.initialState;
    this.state = new SandboxState(initial ? initial.sellers : seedSellers(this.ids));
    if (initial) {
      this.state.load(initial);
      this.ids.setState(initial.prng);
    }
    this.initialSellers = structuredClone(this.state.sellerList());
    this.limiter = new RateLimiter(
      options.rateLimit,
      new Map(Object.entries(options.rateLimitOverrides).map(([k, v]) => [Number(k), v]))
    );
    this.scheduler = new Scheduler(
      () => this.now(),
      (task) => this.runTask(task),
      () => this.save()
    );
    this.notifier = new Notifier(
      options.notifier,
      () => this.iso(),
      () => `ntf_${this.ids.alnum(12)}`,
      options.recordLimit
    );
    this.ensureOptionWebhooks();
    this.rescheduleAll();
    this.dirty = true;
  }
  options;
  state;
  ids;
  scheduler;
  notifier;
  limiter;
  /** Set by the server once it listens (used for checkout_url). */
  baseUrl = "";
  /** True when something changed since the last save. */
  dirty = false;
  initialSellers;
  now() {
    return this.options.clock.now() + this.state.clockOffsetMs;
  }
  isoCache = { ms: Number.NaN, text: "" };
  /** ISO 8601 of an epoch-ms time (the last one is cached: many requests share a millisecond). */
  iso(ms = this.now()) {
    const cache = this.isoCache;
    if (cache.ms !== ms) {
      cache.ms = ms;
      cache.text = new Date(ms).toISOString();
    }
    return cache.text;
  }
  /** A fresh id `prefix` + n alphanumerics, unique within `taken`. */
  newId(prefix, taken, n = 12) {
    for (; ; ) {
      const id = prefix + this.ids.alnum(n);
      if (!taken?.has(id)) return id;
    }
  }
  advanceClock(ms) {
    this.state.clockOffsetMs += ms;
    this.dirty = true;
    this.scheduler.runDue();
    this.scheduler.arm();
    this.save();
  }
  /** Saves the state file when there is one and something changed. */
  save() {
    if (!this.dirty) return;
    this.dirty = false;
    if (this.options.stateFile)
      writeStateFile(this.options.stateFile, this.state.toJSON(this.ids.getState()));
  }
  /** Back to the state at start: sellers as seeded, nothing else. */
  reset() {
    this.scheduler.clear();
    this.notifier.reset();
    this.limiter.reset();
    this.state.clear();
    this.state.setSellers(structuredClone(this.initialSellers));
    this.ensureOptionWebhooks();
    this.dirty = true;
    this.save();
  }
  async close() {
    this.scheduler.close();
    try {
      this.save();
    } catch (err) {
      process.stderr.write(`paygate sandbox: cannot write the state file: ${err.message}
`);
    }
    await this.notifier.close();
  }
  // ---- sellers --------------------------------------------------------------------------
  seller(id) {
    return this.state.sellers.get(id);
  }
  balanceOf(sellerId) {
    const l = this.state.ledger;
    return {
      available: l.balance(account.available(sellerId)),
      pending: l.balance(account.pending(sellerId)),
      reserved: l.balance(account.reserved(sellerId)),
      currency: "BRL"
    };
  }
  // ---- charges --------------------------------------------------------------------------
  addCharge(c) {
    this.state.addCharge(c);
    this.scheduler.add(c.expires_at_ms, "charge.expire", c.id);
    const autoPay = this.options.autoPayAfterMs;
    if (autoPay !== void 0 && autoPay >= 0)
      this.scheduler.add(c.created_at_ms + autoPay, "charge.autopay", c.id);
    this.dirty = true;
  }
  /** pending → paid: ledger postings, then notifications. */
  payCharge(c, at = this.now()) {
    const parts = (c.split ?? []).filter((e) => e.seller_id !== c.seller_id).map((e) => ({ sellerId: e.seller_id, amount: e.amount }));
    const txn = this.state.ledger.post(
      "charge.paid",
      c.id,
      this.iso(at),
      chargePaymentPostings({
        chargeId: c.id,
        amount: c.amount,
        fee: c.fee,
        mainSellerId: c.seller_id,
        parts,
        reserveRate: this.options.reserveRate
      })
    );
    c.status = "paid";
    c.paid_at = this.iso(at);
    c.updated_at = c.paid_at;
    c.payment_txn = txn.id;
    this.dirty = true;
    this.notifyChargePaid(c);
  }
  failCharge(c, reason2, at = this.now()) {
    c.status = "failed";
    c.failure_reason = reason2;
    c.failed_at = this.iso(at);
    c.updated_at = c.failed_at;
    this.dirty = true;
  }
  expireCharge(c, at = this.now()) {
    c.status = "expired";
    c.failure_reason = null;
    c.expired_at = this.iso(at);
    c.updated_at = c.expired_at;
    this.dirty = true;
  }
  /** paid → refunded: the payment's postings reversed exactly (fee included). */
  refundCharge(c, at = this.now()) {
    const txn = c.payment_txn === null ? void 0 : this.state.ledger.find(c.payment_txn);
    if (txn) this.state.ledger.reverse(txn, "charge.refunded", this.iso(at));
    c.status = "refunded";
    c.refunded_at = this.iso(at);
    c.updated_at = c.refunded_at;
    this.dirty = true;
  }
  chargeView(c) {
    const view = {
      id: c.id,
      status: c.status,
      amount: c.amount,
      currency: c.currency,
      payment_method: c.payment_method,
      description: c.description,
      pix: { txid: c.pix.txid, emv: c.pix.emv, expires_at: c.pix.expires_at }
    };
    if (c.split) view.split = c.split;
    if (c.checkout_url !== null) view.checkout_url = c.checkout_url;
    view.external_id = c.external_id;
    view.store_id = c.store_id;
    if (c.product_id !== null) view.product_id = c.product_id;
    if (c.customer) view.customer = c.customer;
    if (c.shipping) view.shipping = c.shipping;
    view.pix_address = c.pix_address;
    if (c.items) view.items = c.items;
    if (c.metadata) view.metadata = c.metadata;
    if (c.callback_url !== null) view.callback_url = c.callback_url;
    view.fee = c.fee;
    view.net = c.net;
    if (c.split) view.main_seller_amount = c.main_seller_amount;
    view.failure_reason = c.failure_reason;
    view.created_at = c.created_at;
    view.updated_at = c.updated_at;
    view.paid_at = c.paid_at;
    view.expired_at = c.expired_at;
    view.refunded_at = c.refunded_at;
    return view;
  }
  // ---- payouts --------------------------------------------------------------------------
  addPayout(p) {
    this.state.addPayout(p);
    const ms = this.options.payoutProcessingMs;
    if (ms > 0) {
      this.scheduler.add(p.created_at_ms + Math.floor(ms / 2), "payout.process", p.id);
      this.scheduler.add(p.created_at_ms + ms, "payout.complete", p.id);
    }
    this.dirty = true;
  }
  pickProvider() {
    return PAYOUT_PROVIDERS[this.ids.int(PAYOUT_PROVIDERS.length)];
  }
  processPayout(p, at = this.now()) {
    p.status = "processing";
    p.updated_at = this.iso(at);
    this.dirty = true;
  }
  completePayout(p, at = this.now()) {
    this.state.ledger.post("payout.completed", p.id, this.iso(at), [
      { account: account.payoutsInFlight(p.seller_id), amount: -p.amount },
      { account: account.pixOut, amount: p.amount, memo: `payout ${p.id} via ${p.provider}` }
    ]);
    p.status = "completed";
    p.completed_at = this.iso(at);
    p.updated_at = p.completed_at;
    this.dirty = true;
    const payload = { event: "payout.completed", id: p.id, status: "completed", amount: p.amount };
    for (const w of this.state.webhooksOf(p.seller_id)) {
      if (w.enabled) this.notify(w, "payout.completed", payload);
    }
  }
  /** Failure gives the money back to `available`. */
  failPayout(p, reason2, at = this.now()) {
    this.state.ledger.post("payout.failed", p.id, this.iso(at), [
      { account: account.payoutsInFlight(p.seller_id), amount: -p.amount },
      { account: account.available(p.seller_id), amount: p.amount, memo: `payout ${p.id} failed: restored` }
    ]);
    p.status = "failed";
    p.failure_reason = reason2;
    p.failed_at = this.iso(at);
    p.updated_at = p.failed_at;
    this.dirty = true;
  }
  payoutView(p) {
    return {
      id: p.id,
      status: p.status,
      amount: p.amount,
      description: p.description,
      pix_key: p.pix_key,
      provider: p.provider,
      failure_reason: p.failure_reason,
      created_at: p.created_at,
      updated_at: p.updated_at,
      completed_at: p.completed_at,
      failed_at: p.failed_at
    };
  }
  // ---- webhooks and notifications -------------------------------------------------------
  webhookView(w) {
    return { id: w.id, url: w.url, enabled: w.enabled, created_at: w.created_at, updated_at: w.updated_at };
  }
  addWebhook(sellerId, url, enabled = true) {
    const at = this.iso();
    const w = {
      id: this.newId("wh_", this.state.webhooks),
      seller_id: sellerId,
      url,
      enabled,
      created_at: at,
      updated_at: at
    };
    this.state.webhooks.set(w.id, w);
    this.dirty = true;
    return w;
  }
  notify(w, event, payload) {
    return this.notifier.send(
      { url: w.url, seller_id: w.seller_id, channel: "webhook", webhook_id: w.id },
      event,
      payload
    );
  }
  notifyChargePaid(c) {
    const event = "charge.paid";
    const callbackPayload = {
      event,
      id: c.id,
      status: "paid",
      amount: c.amount,
      txid: c.pix.txid,
      external_id: c.external_id
    };
    if (c.callback_url !== null) {
      void this.notifier.send(
        { url: c.callback_url, seller_id: c.seller_id, channel: "callback", webhook_id: null },
        event,
        callbackPayload
      );
    }
    const enabled = (sellerId) => this.state.webhooksOf(sellerId).filter((w) => w.enabled);
    if (!c.split) {
      for (const w of enabled(c.seller_id)) void this.notify(w, event, callbackPayload);
      return;
    }
    const mainPayload = {
      event,
      charge_id: c.id,
      status: "paid",
      amount: c.amount,
      txid: c.pix.txid,
      external_id: c.external_id,
      split: c.split
    };
    for (const w of enabled(c.seller_id)) void this.notify(w, event, mainPayload);
    const bySeller = /* @__PURE__ */ new Map();
    for (const e of c.split) {
      if (e.seller_id === c.seller_id) continue;
      const list = bySeller.get(e.seller_id) ?? [];
      list.push(e);
      bySeller.set(e.seller_id, list);
    }
    for (const [sellerId, own2] of bySeller) {
      const payload = { event, charge_id: c.id, status: "paid", split: own2 };
      for (const w of enabled(sellerId)) void this.notify(w, event, payload);
    }
  }
  /** The `webhookUrl` option: a global webhook of every seller (once). */
  ensureOptionWebhooks() {
    const url = this.options.webhookUrl;
    if (!url) return;
    for (const s of this.state.sellers.values()) {
      if (!this.state.webhooksOf(s.seller_id).some((w) => w.url === url)) this.addWebhook(s.seller_id, url);
    }
  }
  // ---- time-driven transitions ----------------------------------------------------------
  runTask(task) {
    if (task.kind === "charge.expire" || task.kind === "charge.autopay") {
      const c = this.state.charges.get(task.id);
      if (c?.status !== "pending") return;
      if (task.kind === "charge.expire") this.expireCharge(c, task.due);
      else if (task.due < c.expires_at_ms) this.payCharge(c, task.due);
      return;
    }
    const p = this.state.payouts.get(task.id);
    if (!p) return;
    if (task.kind === "payout.process" && p.status === "pending") this.processPayout(p, task.due);
    else if (task.kind === "payout.complete" && (p.status === "pending" || p.status === "processing")) {
      this.completePayout(p, task.due);
    }
  }
  /** Tasks of a loaded state (expiry, auto-pay, payout progress). */
  rescheduleAll() {
    this.scheduler.clear();
    const autoPay = this.options.autoPayAfterMs;
    for (const c of this.state.charges.values()) {
      if (c.status !== "pending") continue;
      this.scheduler.add(c.expires_at_ms, "charge.expire", c.id);
      if (autoPay !== void 0 && autoPay >= 0)
        this.scheduler.add(c.created_at_ms + autoPay, "charge.autopay", c.id);
    }
    const ms = this.options.payoutProcessingMs;
    if (ms > 0) {
      for (const p of this.state.payouts.values()) {
        if (p.status === "pending")
          this.scheduler.add(p.created_at_ms + Math.floor(ms / 2), "payout.process", p.id);
        if (p.status === "pending" || p.status === "processing") {
          this.scheduler.add(p.created_at_ms + ms, "payout.complete", p.id);
        }
      }
    }
  }
};

// src/sandbox/routes/account.ts
function accountView(s) {
  return {
    seller_id: s.seller_id,
    name: s.name,
    email: s.email,
    document: s.document,
    person_type: s.person_type,
    status: s.status,
    compliance_status: s.compliance_status,
    pix_enabled: s.pix_enabled,
    pix_key: { type: s.pix_key.type, value: s.pix_key.value },
    default_store_id: s.default_store_id
  };
}
function sellerLookupView(s) {
  return {
    seller_id: s.seller_id,
    name: s.name,
    email: s.email,
    status: s.status,
    compliance_status: s.compliance_status,
    pix_enabled: s.pix_enabled,
    person_type: s.person_type
  };
}
var accountRoutes = [
  {
    method: "GET",
    path: "/v1/account",
    auth: "secret",
    handler: ({ seller }) => ok(accountView(seller))
  },
  {
    method: "GET",
    path: "/v1/balance",
    auth: "secret",
    handler: ({ gw, seller }) => ok(gw.balanceOf(seller.seller_id))
  },
  {
    method: "GET",
    path: "/v1/sellers/search",
    auth: "secret",
    handler: ({ gw, query }) => {
      const email = query.get("email");
      if (email === null || email.trim() === "") {
        throw invalidRequest(
          "missing_query_parameter",
          "email is required: /v1/sellers/search?email=\u2026",
          "email"
        );
      }
      const found = gw.state.findSellerByEmail(email);
      if (!found) throw notFound("seller_not_found", `No seller with e-mail ${email.trim()}`);
      return ok(sellerLookupView(found));
    }
  }
];

// src/schemas/address.ts
import { z } from "zod";
var addressSchema = z.object({
  street: z.string().min(1, "street is required when an address is given"),
  number: z.string().optional(),
  complement: z.string().optional(),
  neighborhood: z.string().optional(),
  city: z.string().min(1, "city is required when an address is given"),
  state: z.string().regex(/^[A-Za-z]{2}$/, "state must be 2 letters (UF)"),
  zipcode: z.string().regex(/^\d{8}$/, "zipcode must be 8 digits (CEP)"),
  country: z.string().optional()
});

// src/domain/documents.ts
function normalizeDocument(document) {
  return document.replace(/[.\-/\s]/g, "").toUpperCase();
}
function checkDigit(values, weights) {
  const sum = values.reduce((total, value, index) => total + value * weights[index], 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}
function allSameCharacter(text) {
  return [...text].every((character) => character === text[0]);
}
var CPF_FIRST_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2];
var CPF_SECOND_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
function isValidCpf(document) {
  const cpf = normalizeDocument(document);
  if (!/^\d{11}$/.test(cpf) || allSameCharacter(cpf)) return false;
  const digits = [...cpf].map(Number);
  const first = checkDigit(digits.slice(0, 9), CPF_FIRST_WEIGHTS);
  const second = checkDigit(digits.slice(0, 10), CPF_SECOND_WEIGHTS);
  return digits[9] === first && digits[10] === second;
}
var CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
var CNPJ_SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
function cnpjCheckDigits(base) {
  if (!/^[0-9A-Z]{12}$/.test(base)) {
    throw new RangeError(`a CNPJ base is 12 digits or uppercase letters, not ${JSON.stringify(base)}`);
  }
  const values = [...base].map((character) => character.charCodeAt(0) - 48);
  const first = checkDigit(values, CNPJ_FIRST_WEIGHTS);
  const second = checkDigit([...values, first], CNPJ_SECOND_WEIGHTS);
  return `${first}${second}`;
}
function isValidCnpj(document) {
  const cnpj = normalizeDocument(document);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || allSameCharacter(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}
function documentKind(document) {
  if (isValidCpf(document)) return "cpf";
  if (isValidCnpj(document)) return "cnpj";
  return null;
}

// src/domain/address.ts
var BRAZILIAN_STATES = new Set(
  "AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO".split(" ")
);
var DEFAULT_PIX_ADDRESS = Object.freeze({
  city: "S\xE3o Paulo",
  state: "SP",
  country: "BR"
});
function resolvePixAddress(request3) {
  if (request3.shipping?.address) {
    const address = request3.shipping.address;
    return { source: "shipping.address", address: { ...address, country: address.country ?? "BR" } };
  }
  if (request3.customer?.address) {
    const address = request3.customer.address;
    return { source: "customer.address", address: { ...address, country: address.country ?? "BR" } };
  }
  const customerParts = {};
  for (const key2 of ["city", "state", "zipcode"]) {
    const value = request3.customer?.[key2];
    if (value !== void 0 && value.trim() !== "") customerParts[key2] = value;
  }
  if (Object.keys(customerParts).length > 0) {
    return { source: "customer", address: { ...customerParts, country: "BR" } };
  }
  return { source: "default", address: { ...DEFAULT_PIX_ADDRESS } };
}

// src/domain/brcode.ts
var PIX_GUI = "br.gov.bcb.pix";
var CRC_FIELD_PREFIX = "6304";
var MAX_FIELD_LENGTH = 99;
var BR_CODE_MERCHANT_NAME_MAX_LENGTH = 25;
var BR_CODE_MERCHANT_CITY_MAX_LENGTH = 15;
var AMOUNT_MAX_LENGTH = 13;
var REFERENCE_LABEL_MAX_LENGTH = 25;
var REFERENCE_LABEL_PATTERN = /^(?:[A-Za-z0-9]{1,25}|\*\*\*)$/;
function crc16(text) {
  let crc = 65535;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 32768 ? (crc << 1 ^ 4129) & 65535 : crc << 1 & 65535;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}
function buildBrCode(input) {
  const hasKey = input.key !== void 0 && input.key !== "";
  const hasUrl = input.url !== void 0 && input.url !== "";
  if (hasKey === hasUrl) {
    throw new RangeError("buildBrCode needs exactly one of key (static code) and url (dynamic code)");
  }
  const accountFields = [tlv("00", PIX_GUI)];
  if (hasUrl) {
    accountFields.push(tlv("25", input.url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")));
  } else {
    accountFields.push(tlv("01", input.key));
    const room = Math.max(0, MAX_FIELD_LENGTH - accountFields.join("").length - 4);
    const description = input.description ? toBrCodeText(input.description, room) : "";
    if (description !== "") accountFields.push(tlv("02", description));
  }
  const referenceLabel = hasUrl ? "***" : input.txid;
  if (!REFERENCE_LABEL_PATTERN.test(referenceLabel)) {
    throw new RangeError(
      `a static BR Code carries a txid of 1 to ${REFERENCE_LABEL_MAX_LENGTH} letters and digits (or ***), not ${JSON.stringify(input.txid)}; use url for a dynamic code`
    );
  }
  const merchantName = toBrCodeText(input.merchantName, BR_CODE_MERCHANT_NAME_MAX_LENGTH);
  const merchantCity = toBrCodeText(input.merchantCity, BR_CODE_MERCHANT_CITY_MAX_LENGTH);
  if (merchantName === "" || merchantCity === "") {
    throw new RangeError("buildBrCode needs a merchant name and city with at least one ASCII character");
  }
  const parts = [tlv("00", "01")];
  if (hasUrl) parts.push(tlv("01", "12"));
  parts.push(tlv("26", accountFields.join("")), tlv("52", "0000"), tlv("53", "986"));
  if (input.amount !== void 0 && input.amount !== 0)
    parts.push(tlv("54", formatBrCodeAmount(input.amount)));
  parts.push(tlv("58", "BR"), tlv("59", merchantName), tlv("60", merchantCity));
  if (input.postalCode !== void 0) {
    const postalCode = input.postalCode.replace("-", "");
    if (!/^\d{8}$/.test(postalCode))
      throw new RangeError(`postal code must be 8 digits, not ${input.postalCode}`);
    parts.push(tlv("61", postalCode));
  }
  parts.push(tlv("62", tlv("05", referenceLabel)));
  const withoutCrc = `${parts.join("")}${CRC_FIELD_PREFIX}`;
  return `${withoutCrc}${crc16(withoutCrc)}`;
}
function tlv(id, value) {
  if (value.length > MAX_FIELD_LENGTH) {
    throw new RangeError(
      `BR Code field ${id} would have ${value.length} characters, at most ${MAX_FIELD_LENGTH}`
    );
  }
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}
function formatBrCodeAmount(centavos) {
  if (!Number.isSafeInteger(centavos) || centavos < 0) {
    throw new RangeError(`amount must be a non-negative integer number of centavos, not ${centavos}`);
  }
  const text = `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, "0")}`;
  if (text.length > AMOUNT_MAX_LENGTH)
    throw new RangeError(`amount ${centavos} does not fit in 13 characters`);
  return text;
}
function toBrCodeText(text, maxLength) {
  return text.normalize("NFD").replace(/\p{M}/gu, "").replace(/[^\x20-\x7e]/g, "").replace(/\s+/g, " ").trim().slice(0, maxLength).trim();
}

// src/domain/items.ts
var ItemRule = {
  NameRequired: "name_required",
  QuantityPositive: "quantity_positive",
  UnitPriceInteger: "unit_price_integer",
  UnitPricePositive: "unit_price_positive"
};
function resolveItems(items, amount) {
  const violations = [];
  const warnings = [];
  items.forEach((item, index) => {
    const field = `items[${index}]`;
    if (typeof item.name !== "string" || item.name.trim() === "") {
      violations.push({
        field: `${field}.name`,
        rule: ItemRule.NameRequired,
        message: `${field}.name: is required`
      });
    }
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      violations.push({
        field: `${field}.quantity`,
        rule: ItemRule.QuantityPositive,
        message: `${field}.quantity: ${item.quantity} must be a positive whole number`
      });
    }
    if (!Number.isSafeInteger(item.unit_price) || item.unit_price < 0) {
      violations.push({
        field: `${field}.unit_price`,
        rule: ItemRule.UnitPriceInteger,
        message: `${field}.unit_price: ${item.unit_price} must be a whole number of centavos above 0`
      });
    }
  });
  if (items.length === 0) return { items: [], warnings, violations };
  const zeroPriced = items.flatMap((item, index) => item.unit_price === 0 ? [index] : []);
  if (zeroPriced.length > 0 && zeroPriced.length < items.length) {
    for (const index of zeroPriced) {
      violations.push({
        field: `items[${index}].unit_price`,
        rule: ItemRule.UnitPricePositive,
        message: `items[${index}].unit_price: must be greater than zero (or every item 0, to spread the amount over the items)`
      });
    }
    return { items: items.map((item) => ({ ...item })), warnings, violations };
  }
  const amountIsValid = Number.isSafeInteger(amount) && amount > 0;
  if (violations.length > 0 || !amountIsValid) {
    return { items: items.map((item) => ({ ...item })), warnings, violations };
  }
  if (zeroPriced.length === items.length) {
    const spread = spreadAmount(items, amount);
    const total2 = itemsTotal(spread);
    if (total2 !== amount) {
      warnings.push(
        `${formatMoney(amount)} cannot be spread exactly over the items' units: their unit prices add up to ${formatMoney(total2)}; the gateway spreads the amount itself.`
      );
    }
    if (spread.some((item) => item.unit_price === 0)) {
      warnings.push(
        `${formatMoney(amount)} is too little to give every unit of every item at least 1 centavo.`
      );
    }
    return { items: spread, warnings, violations };
  }
  const total = itemsTotal(items);
  if (total !== amount) {
    warnings.push(
      `The items add up to ${formatMoney(total)}, but the charge amount is ${formatMoney(amount)}.`
    );
  }
  return { items: items.map((item) => ({ ...item })), warnings, violations };
}
function itemsTotal(items) {
  return items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
}
function spreadAmount(items, amount) {
  const totalQuantity = BigInt(items.reduce((sum, item) => sum + item.quantity, 0));
  const shares = items.map((item, index) => {
    const product = BigInt(amount) * BigInt(item.quantity);
    return { index, part: product / totalQuantity, remainder: product % totalQuantity };
  });
  let leftover = BigInt(amount) - shares.reduce((sum, share) => sum + share.part, 0n);
  const byRemainder = [...shares].sort(
    (left, right) => left.remainder === right.remainder ? 0 : left.remainder > right.remainder ? -1 : 1
  );
  for (let position = 0; leftover > 0n; position++) {
    byRemainder[position].part += 1n;
    leftover -= 1n;
  }
  return items.map((item, index) => ({
    ...item,
    unit_price: Number(shares[index].part / BigInt(item.quantity))
  }));
}

// src/schemas/charge.ts
import { z as z3 } from "zod";

// src/schemas/split.ts
import { z as z2 } from "zod";
var splitEntryRequestSchema = z2.object({
  seller_id: z2.number().int().positive(),
  percentage: z2.number().min(0).max(100).optional(),
  amount: z2.number().int().optional(),
  description: z2.string().max(255).optional()
});
var splitEntrySchema = z2.looseObject({
  seller_id: z2.number().int(),
  seller_name: z2.string().optional(),
  amount: z2.number().int(),
  percentage: z2.number().nullable().optional(),
  description: z2.string().nullable().optional()
});

// src/schemas/statuses.ts
var CHARGE_STATUSES = ["pending", "paid", "expired", "failed", "refunded"];
var PAYOUT_STATUSES = ["pending", "processing", "completed", "failed"];

// src/schemas/charge.ts
var PIX_EXPIRES_IN_MIN = 60;
var PIX_EXPIRES_IN_MAX = 86400;
var PIX_EXPIRES_IN_DEFAULT = 1800;
var customerSchema = z3.object({
  name: z3.string().optional(),
  email: z3.string().optional(),
  document: z3.string().optional(),
  phone: z3.string().optional(),
  address: addressSchema.optional(),
  city: z3.string().optional(),
  state: z3.string().optional(),
  zipcode: z3.string().optional()
});
var itemSchema = z3.object({
  name: z3.string().min(1),
  quantity: z3.number().int().positive(),
  unit_price: z3.number().int().min(0)
});
var chargeCreateRequestSchema = z3.object({
  amount: z3.number().int().positive(),
  currency: z3.string().optional(),
  payment_method: z3.string(),
  customer: customerSchema.optional(),
  shipping: z3.object({ address: addressSchema }).optional(),
  items: z3.array(itemSchema).optional(),
  metadata: z3.record(z3.string(), z3.unknown()).optional(),
  external_id: z3.string().optional(),
  store_id: z3.number().int().optional(),
  product_id: z3.number().int().optional(),
  pix: z3.object({
    expires_in: z3.number().int().min(PIX_EXPIRES_IN_MIN).max(PIX_EXPIRES_IN_MAX).optional(),
    description: z3.string().max(255).optional()
  }).optional(),
  checkout: z3.object({
    mode: z3.literal("redirect"),
    success_url: z3.string().optional(),
    cancel_url: z3.string().optional()
  }).optional(),
  callback_url: z3.string().optional(),
  split: z3.array(splitEntryRequestSchema).optional()
});
var pixSchema = z3.looseObject({
  txid: z3.string(),
  emv: z3.string(),
  qr_code_image_url: z3.string().nullable().optional(),
  expires_at: z3.string()
});
var chargeSchema = z3.looseObject({
  id: z3.string(),
  status: z3.string(),
  amount: z3.number().int(),
  currency: z3.string().optional(),
  payment_method: z3.string().optional(),
  pix: pixSchema.optional(),
  split: z3.array(splitEntrySchema).optional(),
  checkout_url: z3.string().optional(),
  external_id: z3.string().nullable().optional(),
  created_at: z3.string().optional()
});

// src/sandbox/validate.ts
var CHARGE_CODES = {
  amount: "invalid_amount",
  "pix.expires_in": "expires_in_out_of_range",
  "pix.description": "description_too_long",
  "split[].description": "description_too_long",
  "split[].percentage": "split_percentage_out_of_range",
  "split[].amount": "invalid_split_amount",
  "split[].seller_id": "invalid_seller_id",
  "items[].quantity": "invalid_item_quantity",
  "items[].unit_price": "invalid_unit_price",
  "items[].name": "invalid_item_name",
  "checkout.mode": "invalid_checkout_mode",
  "customer.address.street": "address_field_required",
  "customer.address.city": "address_field_required",
  "customer.address.state": "invalid_address_state",
  "customer.address.zipcode": "invalid_address_zipcode",
  "shipping.address.street": "address_field_required",
  "shipping.address.city": "address_field_required",
  "shipping.address.state": "invalid_address_state",
  "shipping.address.zipcode": "invalid_address_zipcode",
  store_id: "invalid_store_id",
  product_id: "invalid_product_id"
};
var ADDRESS_FIELDS = /* @__PURE__ */ new Set([
  "customer.address.street",
  "customer.address.city",
  "customer.address.state",
  "customer.address.zipcode",
  "shipping.address.street",
  "shipping.address.city",
  "shipping.address.state",
  "shipping.address.zipcode"
]);
var PAYOUT_CODES = {
  amount: "invalid_amount",
  description: "description_too_long"
};
var TOKEN_CODES = {
  exp_month: "invalid_expiry_month",
  exp_year: "invalid_expiry_year"
};
var WEBHOOK_CODES = {
  url: "invalid_url"
};
function issueToError(issue, root, table) {
  const field = fieldPath(issue.path);
  const pattern = field.replace(/\[\d+\]/g, "[]");
  const value = valueAt(root, issue.path);
  const tableCode = table[pattern];
  if (issue.code === "invalid_type" && value === void 0) {
    if (ADDRESS_FIELDS.has(pattern)) {
      return invalidRequest("address_field_required", `${field} is required when an address is given`, field);
    }
    return invalidRequest("missing_field", `${field} is required`, field);
  }
  const isIntOnNumber = issue.code === "invalid_type" && issue.expected === "int" && typeof value === "number";
  if (issue.code === "invalid_type" && !isIntOnNumber) {
    const expected = issue.expected === "int" ? "integer" : issue.expected;
    return invalidRequest(
      "invalid_type",
      `${field || "body"} must be ${article(expected)} (got ${typeName(value)})`,
      field
    );
  }
  const message = describeRule(field, issue, value);
  return invalidRequest(tableCode ?? "invalid_value", message, field);
}
function describeRule(field, issue, value) {
  switch (issue.code) {
    case "invalid_type":
      return `${field} must be an integer (got ${String(value)})`;
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return `${field} must not be empty`;
      if (issue.origin === "array") return `${field} must have at least ${min} entries`;
      return `${field} must be ${issue.inclusive ? "at least" : "greater than"} ${min} (got ${String(value)})`;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string")
        return `${field} must be at most ${max} characters (got ${String(value.length)})`;
      if (issue.origin === "array") return `${field} must have at most ${max} entries`;
      return `${field} must be ${issue.inclusive ? "at most" : "less than"} ${max} (got ${String(value)})`;
    }
    case "invalid_format":
      return `${field}: ${issue.message}`;
    case "invalid_value":
      return `${field} must be ${issue.values.map((v) => JSON.stringify(v)).join(" or ")}`;
    default:
      return `${field || "body"}: ${issue.message}`;
  }
}
function article(word) {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}
function parseWith(schema, body, table) {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  throw issueToError(r.error.issues[0], body, table);
}

// src/sandbox/routes/charges.ts
var UNSUPPORTED_METHODS = /* @__PURE__ */ new Set(["card", "credit_card", "debit_card", "boleto"]);
var RULE_CODES = {
  seller_required: "missing_field",
  seller_id_invalid: "invalid_seller_id",
  one_share: "split_exactly_one_share",
  mixed_modes: "split_mixed_modes",
  percentage_range: "split_percentage_out_of_range",
  percentage_total: "split_percentage_total",
  amount_integer: "invalid_split_amount",
  amount_total: "split_amount_exceeds_total",
  minimum_amount: "split_entry_below_minimum",
  description_length: "description_too_long",
  amount_positive: "invalid_amount",
  name_required: "invalid_item_name",
  quantity_positive: "invalid_item_quantity",
  unit_price_integer: "invalid_unit_price",
  unit_price_positive: "unit_price_not_positive"
};
function violationError(v) {
  return invalidRequest(RULE_CODES[v.rule] ?? v.rule, v.message, v.field);
}
var PIX_LOCATION_HOST = "qr.paygate-sandbox.example/v2/cob/";
function checkHttpUrl(value, field, code) {
  if (value === void 0) return;
  let ok2 = false;
  try {
    const u = new URL(value);
    ok2 = u.protocol === "http:" || u.protocol === "https:";
  } catch {
    ok2 = false;
  }
  if (!ok2) throw invalidRequest(code, `${field} must be an absolute http or https URL`, field);
}
function checkEligible(gw, sellerId, index) {
  const field = `split[${index}].seller_id`;
  const s = gw.seller(sellerId);
  if (!s) throw invalidRequest("split_seller_not_found", `split[${index}]: no seller ${sellerId}`, field);
  if (s.status !== "active") {
    throw invalidRequest(
      "split_seller_inactive",
      `split[${index}]: seller ${sellerId} is ${s.status}, not active`,
      field
    );
  }
  if (s.compliance_status !== "approved") {
    throw invalidRequest(
      "split_seller_not_approved",
      `split[${index}]: seller ${sellerId} has compliance ${s.compliance_status}, not approved`,
      field
    );
  }
  if (!s.pix_enabled) {
    throw invalidRequest(
      "split_seller_pix_disabled",
      `split[${index}]: seller ${sellerId} does not have PIX enabled`,
      field
    );
  }
  return s;
}
function createCharge(gw, seller, rawBody) {
  const body = requireObject(rawBody);
  const method = body.payment_method;
  if (method === void 0)
    throw invalidRequest("missing_field", "payment_method is required", "payment_method");
  if (typeof method !== "string") {
    throw invalidRequest(
      "invalid_type",
      `payment_method must be a string (got ${typeName(method)})`,
      "payment_method"
    );
  }
  if (UNSUPPORTED_METHODS.has(method)) {
    throw invalidRequest(
      "payment_method_not_supported",
      `payment_method "${method}" is not supported by the sandbox: only "pix" is implemented`,
      "payment_method"
    );
  }
  if (method !== "pix") {
    throw invalidRequest(
      "invalid_payment_method",
      `payment_method must be "pix" (got "${method}")`,
      "payment_method"
    );
  }
  const req = parseWith(chargeCreateRequestSchema, body, CHARGE_CODES);
  const currency = req.currency ?? "BRL";
  if (currency !== "BRL") {
    throw invalidRequest("unsupported_currency", `currency must be BRL (got ${currency})`, "currency");
  }
  checkHttpUrl(req.callback_url, "callback_url", "invalid_callback_url");
  checkHttpUrl(req.checkout?.success_url, "checkout.success_url", "invalid_url");
  checkHttpUrl(req.checkout?.cancel_url, "checkout.cancel_url", "invalid_url");
  if (req.customer?.document !== void 0 && documentKind(req.customer.document) === null) {
    throw invalidRequest(
      "invalid_document",
      "customer.document is not a valid CPF or CNPJ",
      "customer.document"
    );
  }
  let items = null;
  if (req.items !== void 0) {
    const resolved = resolveItems(req.items, req.amount);
    const v = resolved.violations[0];
    if (v) throw violationError(v);
    items = resolved.items;
  }
  let fee = computeFee(req.amount, gw.options.feeRate);
  let net = req.amount - fee;
  let mainSellerAmount = net;
  let split = null;
  if (req.split !== void 0 && req.split.length > 0) {
    const preview = computeSplit({
      amount: req.amount,
      feeRate: gw.options.feeRate,
      entries: req.split.map((e) => ({
        sellerId: e.seller_id,
        ...e.percentage !== void 0 ? { percentage: e.percentage } : {},
        ...e.amount !== void 0 ? { amount: e.amount } : {},
        ...e.description !== void 0 ? { description: e.description } : {}
      }))
    });
    const v = preview.violations[0];
    if (v) throw violationError(v);
    const receivers = req.split.map((e, i) => checkEligible(gw, e.seller_id, i));
    fee = preview.fee;
    net = preview.net;
    mainSellerAmount = preview.main_seller_amount ?? net;
    split = preview.entries.map((e, i) => ({
      seller_id: receivers[i].seller_id,
      seller_name: receivers[i].name,
      amount: e.amount ?? 0,
      percentage: e.percentage,
      description: e.description
    }));
  }
  const now = gw.now();
  const at = gw.iso(now);
  const id = gw.newId("ci_", gw.state.charges);
  const txid = gw.ids.alnum(32);
  const expiresIn = req.pix?.expires_in ?? PIX_EXPIRES_IN_DEFAULT;
  const expiresAtMs = now + expiresIn * 1e3;
  const emv = buildBrCode({
    url: PIX_LOCATION_HOST + txid,
    merchantName: seller.name,
    merchantCity: seller.city,
    amount: req.amount,
    txid
  });
  const description = req.pix?.description ?? null;
  const charge2 = {
    id,
    seller_id: seller.seller_id,
    status: "pending",
    amount: req.amount,
    currency,
    payment_method: "pix",
    description,
    pix: { txid, emv, expires_at: gw.iso(expiresAtMs) },
    expires_at_ms: expiresAtMs,
    fee,
    net,
    split,
    main_seller_amount: mainSellerAmount,
    checkout: req.checkout ? {
      mode: "redirect",
      success_url: req.checkout.success_url ?? null,
      cancel_url: req.checkout.cancel_url ?? null
    } : null,
    checkout_url: req.checkout ? `${gw.baseUrl}/checkout/${id}` : null,
    external_id: req.external_id ?? null,
    store_id: req.store_id ?? seller.default_store_id,
    product_id: req.product_id ?? null,
    customer: req.customer ? { ...req.customer } : null,
    shipping: req.shipping ? { ...req.shipping } : null,
    pix_address: resolvePixAddress(req),
    items,
    metadata: req.metadata ?? null,
    callback_url: req.callback_url ?? null,
    failure_reason: null,
    created_at: at,
    created_at_ms: now,
    updated_at: at,
    paid_at: null,
    expired_at: null,
    failed_at: null,
    refunded_at: null,
    payment_txn: null
  };
  gw.addCharge(charge2);
  return charge2;
}
function ownCharge({ gw, seller, params }) {
  const c = gw.state.charges.get(params[0]);
  if (!c || c.seller_id !== seller.seller_id) throw notFound("charge_not_found", `No charge ${params[0]}`);
  return c;
}
var chargeRoutes = [
  {
    method: "POST",
    path: "/v1/charges",
    auth: "secret",
    handler: ({ gw, seller, body }) => ok(gw.chargeView(createCharge(gw, seller, body)), 201)
  },
  {
    method: "GET",
    path: "/v1/charges",
    auth: "secret",
    handler: ({ gw, seller, query }) => {
      const page = parsePage(query);
      const status = parseStatusFilter(query, CHARGE_STATUSES);
      const externalId = query.get("external_id");
      const txid = query.get("txid");
      const from = parseTimeBound(query, ["created_from", "since"], false);
      const to = parseTimeBound(query, ["created_to", "until"], true);
      const all = gw.state.chargesBySeller.get(seller.seller_id) ?? [];
      const out = [];
      for (let i = all.length - 1; i >= 0; i--) {
        const c = all[i];
        if (status && !status.has(c.status)) continue;
        if (externalId !== null && c.external_id !== externalId) continue;
        if (txid !== null && c.pix.txid !== txid) continue;
        if (from !== void 0 && c.created_at_ms < from) continue;
        if (to !== void 0 && c.created_at_ms > to) continue;
        out.push(c);
      }
      return paged(out, page, (c) => gw.chargeView(c));
    }
  },
  {
    method: "GET",
    path: "/v1/charges/:id",
    auth: "secret",
    handler: (ctx) => ok(ctx.gw.chargeView(ownCharge(ctx)))
  },
  {
    method: "POST",
    path: "/v1/charges/:id/refund",
    auth: "secret",
    handler: (ctx) => {
      const c = ownCharge(ctx);
      const body = ctx.body;
      if (body !== null && body !== void 0) {
        const b = requireObject(body);
        if (b.amount !== void 0 && b.amount !== c.amount) {
          throw invalidRequest(
            "partial_refund_not_supported",
            `The sandbox refunds the whole amount only (${c.amount}); omit amount`,
            "amount"
          );
        }
      }
      if (c.status !== "paid") {
        throw conflict(
          "charge_not_refundable",
          `Charge ${c.id} is ${c.status}: only a paid charge can be refunded`
        );
      }
      ctx.gw.refundCharge(c);
      return ok(ctx.gw.chargeView(c));
    }
  },
  {
    method: "POST",
    path: "/v1/charges/:id/cancel",
    auth: "secret",
    handler: (ctx) => {
      const c = ownCharge(ctx);
      if (c.status !== "pending") {
        throw conflict(
          "charge_not_cancellable",
          `Charge ${c.id} is ${c.status}: only a pending charge can be cancelled`
        );
      }
      ctx.gw.failCharge(c, "cancelled");
      return ok(ctx.gw.chargeView(c));
    }
  }
];

// src/schemas/payout.ts
import { z as z4 } from "zod";
var pixKeySchema = z4.looseObject({ type: z4.string(), value: z4.string() });
var payoutCreateRequestSchema = z4.object({
  amount: z4.number().int().positive(),
  description: z4.string().max(255).optional()
});
var payoutSchema = z4.looseObject({
  id: z4.string(),
  status: z4.string(),
  amount: z4.number().int().optional(),
  description: z4.string().nullable().optional(),
  pix_key: pixKeySchema.optional(),
  provider: z4.string().nullable().optional(),
  failure_reason: z4.string().nullable().optional(),
  created_at: z4.string().optional(),
  updated_at: z4.string().optional()
});

// src/sandbox/routes/payouts.ts
function payoutKeyAllowed(s) {
  const kind = documentKind(s.document);
  if (kind === null || s.pix_key.type !== kind) return false;
  return normalizeDocument(s.pix_key.value) === normalizeDocument(s.document);
}
var payoutRoutes = [
  {
    method: "POST",
    path: "/v1/payouts",
    auth: "secret",
    handler: ({ gw, seller, ip, body }) => {
      if (seller.person_type !== "PJ") {
        throw forbidden(
          "payouts_require_legal_entity",
          "Payouts through the API are available to legal-entity (PJ) sellers only"
        );
      }
      if (!seller.whitelisted_ips.includes(ip)) {
        throw forbidden(
          "ip_not_whitelisted",
          `The calling IP address ${ip} is not on this seller's payout whitelist`
        );
      }
      if (!seller.pix_enabled) throw forbidden("pix_not_enabled", "PIX is not enabled for this seller");
      if (!payoutKeyAllowed(seller)) {
        throw forbidden(
          "pix_key_not_allowed",
          `Payouts go only to a CPF or CNPJ PIX key matching the seller's document; the registered key is of type ${seller.pix_key.type}`
        );
      }
      const req = parseWith(payoutCreateRequestSchema, requireObject(body), PAYOUT_CODES);
      const available = gw.state.ledger.balance(account.available(seller.seller_id));
      if (req.amount > available) {
        throw new SandboxError(
          422,
          "invalid_request_error",
          "insufficient_balance",
          `Insufficient available balance: requested ${req.amount}, available ${available}`,
          "amount"
        );
      }
      const now = gw.now();
      const at = gw.iso(now);
      const id = gw.newId("co_", gw.state.payouts);
      const txn = gw.state.ledger.post("payout.created", id, at, [
        { account: account.available(seller.seller_id), amount: -req.amount, memo: `payout ${id}` },
        { account: account.payoutsInFlight(seller.seller_id), amount: req.amount }
      ]);
      const payout2 = {
        id,
        seller_id: seller.seller_id,
        status: "pending",
        amount: req.amount,
        description: req.description ?? null,
        pix_key: { ...seller.pix_key },
        provider: gw.pickProvider(),
        failure_reason: null,
        created_at: at,
        updated_at: at,
        completed_at: null,
        failed_at: null,
        created_at_ms: now,
        debit_txn: txn.id
      };
      gw.addPayout(payout2);
      return ok(gw.payoutView(payout2), 201);
    }
  },
  {
    method: "GET",
    path: "/v1/payouts",
    auth: "secret",
    handler: ({ gw, seller, query }) => {
      const page = parsePage(query);
      const status = parseStatusFilter(query, PAYOUT_STATUSES);
      const from = parseTimeBound(query, ["created_from", "since"], false);
      const to = parseTimeBound(query, ["created_to", "until"], true);
      const all = gw.state.payoutsBySeller.get(seller.seller_id) ?? [];
      const out = [];
      for (let i = all.length - 1; i >= 0; i--) {
        const p = all[i];
        if (status && !status.has(p.status)) continue;
        if (from !== void 0 && p.created_at_ms < from) continue;
        if (to !== void 0 && p.created_at_ms > to) continue;
        out.push(p);
      }
      return paged(out, page, (p) => gw.payoutView(p));
    }
  },
  {
    method: "GET",
    path: "/v1/payouts/:id",
    auth: "secret",
    handler: ({ gw, seller, params }) => {
      const p = gw.state.payouts.get(params[0]);
      if (!p || p.seller_id !== seller.seller_id)
        throw notFound("payout_not_found", `No payout ${params[0]}`);
      return ok(gw.payoutView(p));
    }
  }
];

// src/domain/card.ts
function cardDigits(number) {
  return number.replace(/[\s-]/g, "");
}
function luhnValid(number) {
  const digits = cardDigits(number);
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let position = 0; position < digits.length; position++) {
    let digit = Number(digits[digits.length - 1 - position]);
    if (position % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
var ELO_RANGES = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509e3, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650978],
  [651652, 651679],
  [655e3, 655019],
  [655021, 655058]
];
var HIPERCARD_BINS = /* @__PURE__ */ new Set([606282, 384100, 384140, 384160, 637095, 637568, 637599, 637609, 637612]);
function cardBrand(number) {
  const digits = cardDigits(number);
  if (!/^\d{6,}$/.test(digits)) return "unknown";
  const bin = Number(digits.slice(0, 6));
  if (ELO_RANGES.some(([from, to]) => bin >= from && bin <= to)) return "elo";
  if (HIPERCARD_BINS.has(bin)) return "hipercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (digits.startsWith("4")) return "visa";
  const firstFour = Number(digits.slice(0, 4));
  if (/^5[1-5]/.test(digits) || firstFour >= 2221 && firstFour <= 2720) return "mastercard";
  return "unknown";
}
function toWholeNumber(value) {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}
function validateCard(card, now) {
  const problems = [];
  const digits = cardDigits(card.number);
  if (!/^\d{13,19}$/.test(digits)) {
    problems.push({ field: "number", message: "card number must have 13 to 19 digits" });
  } else if (!luhnValid(digits)) {
    problems.push({ field: "number", message: "card number is not valid (its check digit is wrong)" });
  }
  const month = toWholeNumber(card.exp_month);
  const monthIsValid = month !== null && month >= 1 && month <= 12;
  if (!monthIsValid) problems.push({ field: "exp_month", message: "expiry month must be 1 to 12" });
  const yearText = String(card.exp_year).trim();
  let year = toWholeNumber(card.exp_year);
  if (year !== null && /^\d{2}$/.test(yearText)) year += 2e3;
  const yearIsValid = year !== null && /^(?:\d{2}|\d{4})$/.test(yearText);
  if (!yearIsValid) problems.push({ field: "exp_year", message: "expiry year must have 2 or 4 digits" });
  if (monthIsValid && yearIsValid) {
    const currentYear = now.getUTCFullYear();
    const currentMonth = now.getUTCMonth() + 1;
    if (year < currentYear) {
      problems.push({ field: "exp_year", message: `card expired in ${year}` });
    } else if (year === currentYear && month < currentMonth) {
      problems.push({
        field: "exp_month",
        message: `card expired in ${String(month).padStart(2, "0")}/${year}`
      });
    }
  }
  const cvvLength = cardBrand(digits) === "amex" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(card.cvv.trim())) {
    problems.push({ field: "cvv", message: `CVV must be ${cvvLength} digits` });
  }
  return problems;
}

// src/schemas/token.ts
import { z as z5 } from "zod";
var cardTokenRequestSchema = z5.object({
  number: z5.string(),
  holder_name: z5.string(),
  exp_month: z5.number().int().min(1).max(12),
  exp_year: z5.number().int(),
  cvv: z5.string()
});
var cardTokenSchema = z5.looseObject({
  id: z5.string(),
  brand: z5.string().optional(),
  last4: z5.string().optional(),
  exp_month: z5.number().int().optional(),
  exp_year: z5.number().int().optional()
});

// src/sandbox/routes/tokens.ts
var PROBLEM_CODES = {
  number: "invalid_card_number",
  exp_month: "invalid_expiry_month",
  exp_year: "invalid_expiry_year",
  cvv: "invalid_cvv"
};
var tokenRoutes = [
  {
    method: "POST",
    path: "/v1/tokens/card",
    auth: "public",
    handler: ({ gw, seller, body }) => {
      const req = parseWith(cardTokenRequestSchema, requireObject(body), TOKEN_CODES);
      if (req.holder_name.trim() === "") {
        throw invalidRequest("invalid_holder_name", "holder_name must not be empty", "holder_name");
      }
      const problem = validateCard(req, new Date(gw.now()))[0];
      if (problem) {
        const code = /expired/.test(problem.message) ? "card_expired" : PROBLEM_CODES[problem.field];
        throw invalidRequest(code, problem.message, problem.field);
      }
      const digits = req.number.replace(/[\s-]/g, "");
      const token = {
        id: gw.newId("tok_", gw.state.tokens, 24),
        seller_id: seller.seller_id,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        exp_month: req.exp_month,
        exp_year: req.exp_year < 100 ? 2e3 + req.exp_year : req.exp_year,
        holder_name: req.holder_name.trim(),
        created_at: gw.iso()
      };
      gw.state.tokens.set(token.id, token);
      gw.dirty = true;
      return ok(
        {
          id: token.id,
          brand: token.brand,
          last4: token.last4,
          exp_month: token.exp_month,
          exp_year: token.exp_year
        },
        201
      );
    }
  }
];

// src/sandbox/routes/webhooks.ts
import { z as z7 } from "zod";

// src/schemas/webhook.ts
import { z as z6 } from "zod";
var webhookSchema = z6.looseObject({
  id: z6.string(),
  url: z6.string(),
  enabled: z6.boolean().optional(),
  created_at: z6.string().optional()
});
var webhookCreateRequestSchema = z6.object({
  url: z6.string().url(),
  enabled: z6.boolean().optional()
});
var chargeCallbackPayloadSchema = z6.looseObject({
  id: z6.string(),
  status: z6.string(),
  amount: z6.number().int(),
  txid: z6.string().optional(),
  external_id: z6.string().nullable().optional()
});
var splitPaymentPayloadSchema = z6.looseObject({
  charge_id: z6.string(),
  status: z6.string(),
  split: z6.array(
    z6.looseObject({ seller_id: z6.number().int(), amount: z6.number().int(), percentage: z6.number().nullable() })
  )
});

// src/sandbox/routes/webhooks.ts
var webhookUpdateSchema = z7.object({
  url: z7.string().url().optional(),
  enabled: z7.boolean().optional()
});
function httpUrl(url) {
  if (!/^https?:\/\//i.test(url))
    throw invalidRequest("invalid_url", "url must be an http or https URL", "url");
  return url;
}
function own({ gw, seller, params }) {
  const w = gw.state.webhooks.get(params[0]);
  if (!w || w.seller_id !== seller.seller_id) throw notFound("webhook_not_found", `No webhook ${params[0]}`);
  return w;
}
var webhookRoutes = [
  {
    method: "GET",
    path: "/v1/webhooks",
    auth: "secret",
    handler: ({ gw, seller }) => ok(gw.state.webhooksOf(seller.seller_id).map((w) => gw.webhookView(w)))
  },
  {
    method: "POST",
    path: "/v1/webhooks",
    auth: "secret",
    handler: ({ gw, seller, body }) => {
      const req = parseWith(webhookCreateRequestSchema, requireObject(body), WEBHOOK_CODES);
      const w = gw.addWebhook(seller.seller_id, httpUrl(req.url), req.enabled ?? true);
      return ok(gw.webhookView(w), 201);
    }
  },
  {
    method: "PUT",
    path: "/v1/webhooks/:id",
    auth: "secret",
    handler: (ctx) => {
      const w = own(ctx);
      const req = parseWith(webhookUpdateSchema, requireObject(ctx.body), WEBHOOK_CODES);
      if (req.url !== void 0) w.url = httpUrl(req.url);
      if (req.enabled !== void 0) w.enabled = req.enabled;
      w.updated_at = ctx.gw.iso();
      ctx.gw.dirty = true;
      return ok(ctx.gw.webhookView(w));
    }
  },
  {
    method: "DELETE",
    path: "/v1/webhooks/:id",
    auth: "secret",
    handler: (ctx) => {
      const w = own(ctx);
      ctx.gw.state.webhooks.delete(w.id);
      ctx.gw.dirty = true;
      return ok({ id: w.id, deleted: true });
    }
  },
  {
    method: "POST",
    path: "/v1/webhooks/:id/test",
    auth: "secret",
    handler: async (ctx) => {
      const w = own(ctx);
      const payload = {
        event: "webhook.test",
        webhook_id: w.id,
        seller_id: w.seller_id,
        sent_at: ctx.gw.iso()
      };
      const first = await ctx.gw.notify(w, "webhook.test", payload);
      return ok({
        webhook_id: w.id,
        url: w.url,
        notification_id: first.id,
        event: "webhook.test",
        attempt: first.attempt,
        status: first.status,
        error: first.error,
        delivered: first.status !== null && first.status >= 200 && first.status <= 299
      });
    }
  }
];

// src/sandbox/server.ts
var DEFAULTS = {
  port: 4010,
  host: "127.0.0.1",
  feeRate: 3.99,
  rateLimit: 5e3,
  payoutProcessingMs: 2e3,
  recordLimit: 1e4,
  maxBodyBytes: 1024 * 1024
};
function compile(defs) {
  return defs.map((d) => ({ ...d, segs: d.path.split("/"), category: `${d.method} ${d.path}` }));
}
var EMPTY_PARAMS = [];
function matchRoute(routes, method, segs) {
  const allowed = [];
  outer: for (const r of routes) {
    if (r.segs.length !== segs.length) continue;
    let params = EMPTY_PARAMS;
    for (let i = 1; i < segs.length; i++) {
      const t = r.segs[i];
      const s = segs[i];
      if (t.charCodeAt(0) === 58) {
        if (s === "") continue outer;
        if (params === EMPTY_PARAMS) params = [];
        params.push(decodeURIComponent(s));
      } else if (t !== s) continue outer;
    }
    if (r.method === method) return { route: r, params };
    allowed.push(r.method);
  }
  return { route: null, allowed };
}
function validateOptions(o) {
  const num = (name, v, min, max, int = false) => {
    if (v === void 0) return;
    if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > max || int && !Number.isInteger(v)) {
      throw new RangeError(
        `sandbox option ${name} must be ${int ? "an integer" : "a number"} from ${min} to ${max}, got ${v}`
      );
    }
  };
  num("port", o.port, 0, 65535, true);
  num("feeRate", o.feeRate, 0, 100);
  num("reserveRate", o.reserveRate, 0, 100);
  num("rateLimit", o.rateLimit, 1, 1e9, true);
  num("autoPayAfterMs", o.autoPayAfterMs, 0, 1e12);
  num("payoutProcessingMs", o.payoutProcessingMs, 0, 1e12);
  num("recordLimit", o.recordLimit, 0, 1e7, true);
  num("maxBodyBytes", o.maxBodyBytes, 1, 1e9, true);
  for (const [k, v] of Object.entries(o.rateLimitOverrides ?? {}))
    num(`rateLimitOverrides[${k}]`, v, 1, 1e9, true);
  if (o.webhookUrl !== void 0 && !/^https?:\/\/\S+$/i.test(o.webhookUrl)) {
    throw new RangeError(`sandbox option webhookUrl must be an http(s) URL, got ${o.webhookUrl}`);
  }
}
function redactAuthorization(value) {
  const m = /^(\S+)\s+(\S+)$/.exec(value);
  if (!m) return "[redacted]";
  const token = m[2];
  const us = token.indexOf("_");
  const prefix = us > 0 && us <= 4 ? token.slice(0, us + 1) : "";
  return `${m[1]} ${prefix}\u2026${token.length > 8 ? token.slice(-4) : ""}`;
}
function redactCard(body) {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const b = { ...body };
  if (typeof b.number === "string") b.number = `\u2026${b.number.replace(/[\s-]/g, "").slice(-4)}`;
  else if (b.number !== void 0) b.number = "[redacted]";
  if (b.cvv !== void 0) b.cvv = "***";
  return b;
}
function clientIp(req) {
  const a = req.socket.remoteAddress ?? "";
  return a.startsWith("::ffff:") ? a.slice(7) : a;
}
var JSON_TYPE = "application/json; charset=utf-8";
function readBody(req, max) {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > max) {
    return Promise.resolve({ text: null, tooLarge: true, aborted: false });
  }
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let done2 = false;
    const finish = (r) => {
      if (done2) return;
      done2 = true;
      resolve(r);
    };
    req.on("data", (chunk) => {
      if (done2) return;
      size += chunk.length;
      if (size > max) {
        finish({ text: null, tooLarge: true, aborted: false });
        return;
      }
      chunks.push(chunk);
    });
    req.on(
      "end",
      () => finish({
        text: chunks.length === 0 ? "" : Buffer.concat(chunks).toString("utf8"),
        tooLarge: false,
        aborted: false
      })
    );
    req.on("error", () => finish({ text: null, tooLarge: false, aborted: true }));
    req.on("close", () => finish({ text: null, tooLarge: false, aborted: true }));
  });
}
function parseJson(text) {
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return void 0;
  }
}
var sleep = (ms) => new Promise((r) => setTimeout(r, ms).unref());
async function startSandbox(options = {}) {
  validateOptions(options);
  const recordLimit = options.recordLimit ?? DEFAULTS.recordLimit;
  const maxBody = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const initialState = options.stateFile ? readStateFile(options.stateFile) : void 0;
  const gw = new Gateway({
    feeRate: options.feeRate ?? DEFAULTS.feeRate,
    reserveRate: options.reserveRate ?? 0,
    rateLimit: options.rateLimit ?? DEFAULTS.rateLimit,
    rateLimitOverrides: options.rateLimitOverrides ?? {},
    autoPayAfterMs: options.autoPayAfterMs,
    payoutProcessingMs: options.payoutProcessingMs ?? DEFAULTS.payoutProcessingMs,
    webhookUrl: options.webhookUrl,
    webhooksApi: options.webhooksApi ?? true,
    seed: options.seed,
    stateFile: options.stateFile,
    clock: options.clock ?? { now: Date.now },
    notifier: options.notifier ?? {},
    recordLimit,
    initialState
  });
  const routes = compile([
    ...chargeRoutes,
    ...payoutRoutes,
    ...accountRoutes,
    ...tokenRoutes,
    ...gw.options.webhooksApi ? webhookRoutes : []
  ]);
  const requests = [];
  const faults = new Faults();
  let requestCounter = 0;
  let saveErrorReported = false;
  const reset = () => {
    gw.reset();
    requests.length = 0;
    faults.clear();
  };
  const control = { gw, faults, requests, reset };
  const record = (r) => {
    if (recordLimit === 0) return;
    requests.push(r);
    if (requests.length > recordLimit + Math.max(100, recordLimit >> 3))
      requests.splice(0, requests.length - recordLimit);
  };
  const save = () => {
    try {
      gw.save();
    } catch (err) {
      if (!saveErrorReported) {
        saveErrorReported = true;
        process.stderr.write(`paygate sandbox: cannot write the state file: ${err.message}
`);
      }
    }
  };
  const send = (res, status, contentType, text, head, extra) => {
    const h = [
      "Content-Type",
      contentType,
      "Content-Length",
      Buffer.byteLength(text),
      ...head
    ];
    if (extra) for (const k in extra) h.push(k, extra[k]);
    res.writeHead(status, h);
    res.end(text);
  };
  const sendJson = (res, status, body, extra) => send(res, status, JSON_TYPE, JSON.stringify(body), [], extra);
  const applyFault = (f, req, res, head) => {
    switch (f.kind) {
      case "drop":
        req.socket.destroy();
        return null;
      case "500":
      case "503": {
        const status = Number(f.kind);
        const body = {
          success: false,
          error: {
            type: "api_error",
            code: status === 500 ? "internal_error" : "service_unavailable",
            message: `Injected fault ${f.id}: ${status}`
          }
        };
        send(res, status, JSON_TYPE, JSON.stringify(body), head);
        return status;
      }
      case "429": {
        const retry = Math.max(1, Math.ceil(f.delay_ms / 1e3));
        const body = {
          success: false,
          error: {
            type: "rate_limit_error",
            code: "rate_limit_exceeded",
            message: `Injected fault ${f.id}: rate limited`
          }
        };
        const h = head.slice();
        const at = h.indexOf("X-RateLimit-Remaining");
        if (at >= 0) h[at + 1] = 0;
        send(res, 429, JSON_TYPE, JSON.stringify(body), h, { "Retry-After": String(retry) });
        return 429;
      }
      case "malformed":
        send(res, 200, JSON_TYPE, '{"success":true,"data":{"id":"ci_', head);
        return 200;
      case "html502":
        send(
          res,
          502,
          "text/html",
          "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>",
          head
        );
        return 502;
      default:
        return null;
    }
  };
  const EMPTY_QUERY = new URLSearchParams();
  async function handleApi(req, res, method, rawPath, apiPath, queryString, startedAt) {
    const headers2 = req.headers;
    const rec = {
      id: `req_${(++requestCounter).toString(36).padStart(6, "0")}`,
      method,
      path: rawPath,
      query: {},
      headers: { ...headers2 },
      body: null,
      status: null,
      at: gw.iso(),
      seller_id: null,
      route: null,
      fault: null,
      duration_ms: 0
    };
    const auth = headers2.authorization;
    if (auth !== void 0) rec.headers.authorization = redactAuthorization(auth);
    const query = queryString === "" ? EMPTY_QUERY : new URLSearchParams(queryString);
    if (queryString !== "") for (const [k, v] of query) rec.query[k] = v;
    const head = ["X-Request-Id", rec.id];
    const rate = (d) => {
      head.length = 2;
      head.push(
        "X-RateLimit-Limit",
        d.limit,
        "X-RateLimit-Remaining",
        d.remaining,
        "X-RateLimit-Reset",
        d.reset
      );
    };
    const peek = (category) => {
      const owner = auth !== void 0 ? keyOwner(auth) : void 0;
      rate(gw.limiter.peek(owner?.seller_id ?? null, category, gw.now()));
    };
    const finish = (status) => {
      rec.status = status;
      rec.duration_ms = Date.now() - startedAt;
      record(rec);
    };
    const m = matchRoute(routes, method, apiPath.split("/"));
    if (m.route === null) {
      peek("unmatched");
      if (method !== "GET" && method !== "HEAD") await readBody(req, maxBody);
      const err = m.allowed.length > 0 ? new SandboxError(
        405,
        "invalid_request_error",
        "method_not_allowed",
        `${method} is not allowed on ${rawPath}`
      ) : new SandboxError(404, "not_found_error", "route_not_found", `No endpoint ${method} ${rawPath}`);
      send(
        res,
        err.status,
        JSON_TYPE,
        JSON.stringify(err.toBody()),
        head,
        m.allowed.length > 0 ? { Allow: m.allowed.join(", ") } : void 0
      );
      finish(err.status);
      return;
    }
    const route = m.route;
    rec.route = route.category;
    const fault = faults.take(method, apiPath, route.path);
    if (fault) rec.fault = `${fault.id}:${fault.kind}`;
    if (fault?.kind === "delay") await sleep(fault.delay_ms);
    let text = "";
    if (method !== "GET" && method !== "HEAD") {
      const read = await readBody(req, maxBody);
      if (read.aborted) {
        finish(null);
        return;
      }
      if (read.tooLarge) {
        peek(route.category);
        const err = new SandboxError(
          413,
          "invalid_request_error",
          "payload_too_large",
          `The request body is larger than ${maxBody} bytes`
        );
        send(res, 413, JSON_TYPE, JSON.stringify(err.toBody()), head, { Connection: "close" });
        finish(413);
        return;
      }
      text = read.text;
    }
    const body = text === "" ? null : parseJson(text);
    rec.body = body === void 0 ? null : route.path === "/v1/tokens/card" ? redactCard(body) : body;
    if (fault && fault.when === "before" && fault.kind !== "delay") {
      peek(route.category);
      finish(applyFault(fault, req, res, head));
      return;
    }
    let result;
    let extra;
    try {
      const seller = authenticate(route, auth);
      rec.seller_id = seller.seller_id;
      const decision = gw.limiter.hit(seller.seller_id, route.category, gw.now());
      rate(decision);
      if (!decision.allowed) {
        throw new SandboxError(
          429,
          "rate_limit_error",
          "rate_limit_exceeded",
          `Rate limit of ${decision.limit} requests per minute exceeded for ${route.category}; retry after ${decision.retryAfter} s`,
          void 0,
          { "Retry-After": String(decision.retryAfter) }
        );
      }
      if (body === void 0) {
        throw new SandboxError(
          400,
          "invalid_request_error",
          "invalid_json",
          "The request body is not valid JSON"
        );
      }
      gw.scheduler.runDue();
      result = await route.handler({ gw, seller, params: m.params, query, body, ip: clientIp(req) });
    } catch (err) {
      if (head.length === 2) peek(route.category);
      result = errorResult(err);
      if (err instanceof SandboxError) extra = err.headers;
    }
    save();
    if (fault && fault.when === "after" && fault.kind !== "delay") {
      finish(applyFault(fault, req, res, head));
      return;
    }
    send(res, result.status, JSON_TYPE, JSON.stringify(result.body), head, extra);
    finish(result.status);
  }
  function keyOwner(auth) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (!m) return void 0;
    return gw.state.bySecretKey.get(m[1]) ?? gw.state.byPublicKey.get(m[1]);
  }
  function authenticate(route, auth) {
    if (auth === void 0 || auth.trim() === "") {
      throw new SandboxError(
        401,
        "authentication_error",
        "missing_api_key",
        "No API key: send the header Authorization: Bearer <secret key>"
      );
    }
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (!m) {
      throw new SandboxError(
        401,
        "authentication_error",
        "invalid_authorization_header",
        'The Authorization header must be "Bearer <key>"'
      );
    }
    const key2 = m[1];
    const bySecret = gw.state.bySecretKey.get(key2);
    const byPublic = gw.state.byPublicKey.get(key2);
    if (route.auth === "secret") {
      if (bySecret) return bySecret;
      if (byPublic) {
        throw new SandboxError(
          401,
          "authentication_error",
          "secret_key_required",
          "This endpoint needs the secret key (sk_\u2026); a public key (pk_\u2026) was given"
        );
      }
    } else {
      if (byPublic) return byPublic;
      if (bySecret) {
        throw new SandboxError(
          403,
          "permission_error",
          "public_key_required",
          "Card tokenization takes the public key (pk_\u2026), never the secret key"
        );
      }
    }
    const live = key2.startsWith("sk_live_") || key2.startsWith("pk_live_");
    throw new SandboxError(
      401,
      "authentication_error",
      "invalid_api_key",
      live ? "Live keys do not work with the sandbox: use a key it printed at start" : "Invalid API key"
    );
  }
  function errorResult(err) {
    if (err instanceof SandboxError) return { status: err.status, body: err.toBody() };
    const message = err instanceof Error ? err.message : String(err);
    return {
      status: 500,
      body: {
        success: false,
        error: { type: "api_error", code: "internal_error", message: `Sandbox error: ${message}` }
      }
    };
  }
  async function handleControlRequest(req, res, method, rawPath, queryString) {
    let result;
    try {
      let body = null;
      if (method !== "GET" && method !== "HEAD") {
        const read = await readBody(req, maxBody);
        if (read.aborted) return;
        if (read.tooLarge) {
          throw new SandboxError(
            413,
            "invalid_request_error",
            "payload_too_large",
            `The request body is larger than ${maxBody} bytes`
          );
        }
        body = parseJson(read.text);
        if (body === void 0) {
          throw new SandboxError(
            400,
            "invalid_request_error",
            "invalid_json",
            "The request body is not valid JSON"
          );
        }
      }
      const parts = rawPath.split("/").slice(2);
      result = await handleControl(control, method, parts, new URLSearchParams(queryString), body);
    } catch (err) {
      result = errorResult(err);
    }
    save();
    sendJson(res, result.status, result.body, result.status === 413 ? { Connection: "close" } : void 0);
  }
  function handleCheckout(res, method, rawPath) {
    const parts = rawPath.split("/");
    const c = gw.state.charges.get(parts[2] ?? "");
    gw.scheduler.runDue();
    if (!c?.checkout) {
      res.statusCode = 404;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end("<!doctype html><title>Not found</title><h1>Checkout not found</h1>");
      return;
    }
    if (method === "POST" && parts[3] === "pay") {
      if (c.status === "pending") {
        gw.payCharge(c);
        save();
      }
      const target = c.status === "paid" ? c.checkout.success_url : c.checkout.cancel_url;
      res.statusCode = 303;
      res.setHeader("Location", target ?? `/checkout/${c.id}`);
      res.end();
      return;
    }
    const amount = `R$ ${Math.floor(c.amount / 100)},${String(c.amount % 100).padStart(2, "0")}`;
    const esc = (s) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const seller = gw.seller(c.seller_id);
    res.statusCode = 200;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(
      `<!doctype html><meta charset="utf-8"><title>Checkout ${esc(c.id)}</title><h1>${esc(seller?.name ?? "")}</h1><p>Charge ${esc(c.id)}: ${esc(amount)} \u2014 ${esc(c.status)}</p><p><code>${esc(c.pix.emv)}</code></p>` + (c.status === "pending" ? `<form method="post" action="/checkout/${esc(c.id)}/pay"><button>Pay (sandbox)</button></form>` : "")
    );
  }
  async function handle(req, res) {
    const startedAt = Date.now();
    const method = (req.method ?? "GET").toUpperCase();
    const url2 = req.url ?? "/";
    const q = url2.indexOf("?");
    let rawPath = q < 0 ? url2 : url2.slice(0, q);
    const queryString = q < 0 ? "" : url2.slice(q + 1);
    if (rawPath.length > 1 && rawPath.endsWith("/")) rawPath = rawPath.slice(0, -1);
    if (rawPath === "/v1" || rawPath.startsWith("/v1/")) {
      return handleApi(req, res, method, rawPath, rawPath, queryString, startedAt);
    }
    if (rawPath === "/api/v1" || rawPath.startsWith("/api/v1/")) {
      return handleApi(req, res, method, rawPath, rawPath.slice(4), queryString, startedAt);
    }
    if (rawPath === "/_sandbox" || rawPath.startsWith("/_sandbox/")) {
      return handleControlRequest(req, res, method, rawPath, queryString);
    }
    if (rawPath.startsWith("/checkout/")) return handleCheckout(res, method, rawPath);
    if (rawPath === "/" && method === "GET") {
      sendJson(res, 200, {
        success: true,
        data: { name: "paygate sandbox", api: ["/v1", "/api/v1"], control: "/_sandbox", now: gw.iso() }
      });
      return;
    }
    const err = new SandboxError(
      404,
      "not_found_error",
      "route_not_found",
      `No endpoint ${method} ${rawPath}`
    );
    sendJson(res, 404, err.toBody());
  }
  const server = createServer({ keepAliveTimeout: 5e3 }, (req, res) => {
    handle(req, res).catch((err) => {
      try {
        if (!res.headersSent) {
          sendJson(res, 500, errorResult(err).body);
        } else {
          res.destroy();
        }
      } catch {
        res.destroy();
      }
    });
  });
  server.on("clientError", (_err, socket) => {
    if (socket.writable) {
      socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    }
    socket.destroy();
  });
  const host = options.host ?? DEFAULTS.host;
  await new Promise((resolve, reject) => {
    const onError = (err) => {
      server.off("listening", onListening);
      reject(err);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve();
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(options.port ?? DEFAULTS.port, host);
  }).catch(async (err) => {
    await gw.close();
    throw err;
  });
  server.on("error", () => {
  });
  const port = server.address().port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  gw.baseUrl = url;
  save();
  let closing;
  const sellers = gw.state.sellerList().map(publicSeller);
  sellers.sort(
    (a, b) => a.seller_id === MAIN_SELLER_ID ? -1 : b.seller_id === MAIN_SELLER_ID ? 1 : a.seller_id - b.seller_id
  );
  return {
    url,
    port,
    sellers,
    requests,
    notifications: gw.notifier.attempts,
    advanceClock(ms) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`advanceClock expects a non-negative number, got ${ms}`);
      gw.advanceClock(Math.round(ms));
    },
    reset,
    now: () => gw.now(),
    notificationsIdle: () => gw.notifier.idle(),
    close() {
      closing ??= (async () => {
        await new Promise((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await gw.close();
      })();
      return closing;
    }
  };
}

// ../../tmp/inproc.ts
var sb = await startSandbox({ port: 0, seed: 1, rateLimit: 1e9, payoutProcessingMs: 0 });
var key = sb.sellers[0].secret_key;
var ids = [];
for (let i = 0; i < 50; i++) {
  const r = await fetch(sb.url + "/v1/charges", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ amount: 1e3 + i, payment_method: "pix" }) });
  ids.push((await r.json()).data.id);
}
var agent = new Agent2({ connections: 16, keepAliveTimeout: 1e4 });
var headers = { authorization: `Bearer ${key}` };
var done = 0;
var loop = async (n) => {
  const end = Date.now() + 3e3;
  let i = n;
  while (Date.now() < end) {
    const r = await request2(`${sb.url}/v1/charges/${ids[i++ % ids.length]}`, { dispatcher: agent, headers });
    await r.body.text();
    done++;
  }
};
var t0 = performance.now();
await Promise.all(Array.from({ length: 16 }, (_, n) => loop(n)));
console.log(JSON.stringify({ rate: Math.round(done / ((performance.now() - t0) / 1e3)) }));
await agent.close();
await sb.close();
