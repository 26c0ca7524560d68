// jQuery plugins of this era read `window.jQuery` when they load, as they do from <script> tags.
// This module runs before them (imports evaluate in order), so they find it. Apps import `$` from
// here rather than only importing the file: the repository's package.json marks its own modules
// side-effect free, so a bare import would be dropped from the bundle.
import jQuery from 'jquery';

window.jQuery = jQuery;
window.$ = jQuery;

export const $ = jQuery;
