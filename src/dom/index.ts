export { snapshotPage } from './snapshot-page.js';
export type { PageSnapshot, SnapshotOptions } from './snapshot-page.js';
export { elementId, resolveElement } from './element-ids.js';
export { describeElement } from './describe-element.js';
export { accessibleName } from './accessible-name.js';
export { isRedacted } from './redaction.js';
