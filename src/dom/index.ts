export { snapshotPage } from './snapshot-page.js';
export type { PageSnapshot, SnapshotOptions } from './snapshot-page.js';
export { elementId, resolveElement, unresolvedReason } from './element-ids.js';
export { describeElement } from './describe-element.js';
export { accessibleName, visibleText } from './accessible-name.js';
export { isRedacted, isSecretField, REDACTION_MASK } from './redaction.js';
export { leftOutOfView, shownText } from './shown-text.js';
export type { ShownTextOptions } from './shown-text.js';
