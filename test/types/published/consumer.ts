// The package as an npm consumer sees it: `web-agent` resolves through package.json "exports"
// to the built declarations in dist/types. Checked after `npm run build` by .ci/run
// (`tsc -p test/types/published`), because a declaration build can drop what the source has:
// the global event-map augmentation, the tag-name map, the re-exported detail types.
import { WebAgentElement, type WebAgentEventMap, type WebAgentOptions } from 'web-agent';
import 'web-agent/define';

const agent = document.querySelector('web-agent');
agent?.addEventListener('navigate', (event) => void event.detail.path);
document.body.addEventListener('confirm-action', (event) => event.detail.decide(true));
// @ts-expect-error navigate's detail has no `href`
agent?.addEventListener('navigate', (event) => event.detail.href);

const options: Partial<WebAgentOptions> = { agentName: 'Ava', maxSteps: 20 };
if (agent instanceof WebAgentElement) agent.config = options;

type Navigate = WebAgentEventMap['navigate']['detail'];
export const route = (detail: Navigate): string => detail.path;

// The context: its key and snapshot type reach the published declarations.
import { webAgentContext, type WebAgentContext } from 'web-agent';
const contextKey: 'web-agent' = webAgentContext;
export const approve = (context: WebAgentContext): void => {
  if (context.pending?.kind === 'confirm') context.decide(true);
};
void contextKey;
