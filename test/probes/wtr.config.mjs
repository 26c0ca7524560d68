// The project's test setup for a probe: one long sweep in one file, which the suite's
// testsFinishTimeout (a few minutes per file) would cut off. Run from the project's root:
//   npx web-test-runner --config test/probes/wtr.config.mjs --files test/probes/<name>.probe.ts
import base from '../../web-test-runner.config.mjs';

export default { ...base, testsFinishTimeout: 3_600_000 };
