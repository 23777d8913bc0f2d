import { setDefaultTimeout } from 'bun:test';

process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'error';

// bunfig.toml's `[test] timeout` is not applied by this Bun (a test sleeping 6 s failed at 5 s with it set to
// 30,000): on a busy 2-core machine argon2 hashing and renders then fail by the clock, not by a defect. Set here.
setDefaultTimeout(30_000);
