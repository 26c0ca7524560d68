// What a host page loads with <script type="module" src="/web-agent.js">. In the demo, Vite serves
// the element straight from source; a real site would load the built dist/web-agent.js instead.
import '../src/define.ts';
