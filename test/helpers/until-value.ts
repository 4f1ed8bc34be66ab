// Waiting for something a running command prints (a URL once it listens), polled every 10 ms.

/** Resolves to `read`'s first value other than undefined; fails after about 5 s. */
export async function untilValue<T>(read: () => T | undefined): Promise<T> {
  for (let tries = 0; tries < 500; tries += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('never happened');
}
