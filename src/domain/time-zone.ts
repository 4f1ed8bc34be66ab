// The zone paygate shows and reads local times in: the TZ environment variable's when set, else
// America/Sao_Paulo, the sellers' time. One rule for tables, --since/--until dates and --excel
// exports, so that a job on a UTC server shows the sale at the hour the seller saw it.
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
