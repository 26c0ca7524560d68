// jQuery UI 1.14: the widgets of a 2010s site, initialised the way its demos show.
import { $ } from './jquery-global.js';
import 'jquery-ui/dist/jquery-ui.js';
import 'jquery-ui/dist/themes/base/jquery-ui.css';
import { GALLERY_ANIMATION_MS, GALLERY_TODAY, linkStyles, section } from './gallery-page.js';


export const title = 'jQuery UI';

export async function mount(root) {
  await linkStyles(new URL('./jquery-ui.css', import.meta.url));
  const destroy = [];

  section(root, 'Datepicker', `
    <p><label for="jq-checkin">Check-in date</label> <input id="jq-checkin" autocomplete="off"></p>
    <p><label for="jq-checkout">Check-out date</label> <input id="jq-checkout" autocomplete="off"></p>`);
  // Month and year menus in the header, as booking forms have them…
  $('#jq-checkin').datepicker({ changeMonth: true, changeYear: true, yearRange: '2020:2030', defaultDate: GALLERY_TODAY });
  // …and only Prev/Next: links with no href that a script handles.
  $('#jq-checkout').datepicker({ defaultDate: GALLERY_TODAY });
  destroy.push(() => {
    $('#jq-checkin, #jq-checkout').datepicker('destroy');
    // The calendar is one <div> the plugin keeps on <body> for every picker; a picker left open
    // would cover the next page. The plugin puts it back when a picker is next created.
    $.datepicker.dpDiv.stop(true, true).hide().detach();
  });

  section(root, 'Autocomplete', `<p><label for="jq-language">Programming language</label> <input id="jq-language"></p>`);
  $('#jq-language').autocomplete({
    source: ['ActionScript', 'AppleScript', 'Asp', 'BASIC', 'C', 'C++', 'Clojure', 'COBOL', 'Erlang', 'Fortran', 'Groovy', 'Haskell', 'Java', 'JavaScript', 'Lisp', 'Perl', 'PHP', 'Python', 'Ruby', 'Scala', 'Scheme'],
  });
  destroy.push(() => $('#jq-language').autocomplete('destroy'));

  section(root, 'Selectmenu', `
    <p><label for="jq-speed">Speed</label>
    <select name="speed" id="jq-speed"><option>Slower</option><option>Slow</option><option selected>Medium</option><option>Fast</option><option>Faster</option></select></p>
    <p data-state="speed">Speed: Medium</p>`);
  $('#jq-speed').selectmenu({ change: (_event, ui) => $('[data-state=speed]').text(`Speed: ${ui.item.label}`) });
  destroy.push(() => $('#jq-speed').selectmenu('destroy'));

  section(root, 'Menu', `
    <ul id="jq-menu" style="width: 180px">
      <li class="ui-state-disabled"><div>Toys (n/a)</div></li>
      <li><div>Books</div></li>
      <li><div>Clothing</div></li>
      <li><div>Electronics</div>
        <ul>
          <li class="ui-state-disabled"><div>Home Entertainment</div></li>
          <li><div>Car Hifi</div></li>
          <li><div>Utilities</div></li>
        </ul>
      </li>
      <li><div>Music</div>
        <ul>
          <li><div>Rock</div>
            <ul><li><div>Alternative</div></li><li><div>Classic</div></li></ul>
          </li>
          <li><div>Jazz</div>
            <ul><li><div>Freejazz</div></li><li><div>Big Band</div></li><li><div>Modern</div></li></ul>
          </li>
          <li><div>Pop</div></li>
        </ul>
      </li>
    </ul>
    <p data-state="menu">Department: none</p>`);
  $('#jq-menu').menu({
    select: (_event, ui) => {
      // A leaf was chosen (items with a submenu only open it).
      if (ui.item.children('ul').length === 0) $('[data-state=menu]').text(`Department: ${ui.item.children('div').text()}`);
    },
  });
  destroy.push(() => $('#jq-menu').menu('destroy'));

  section(root, 'Accordion', `
    <div id="jq-accordion">
      <h3>Returns</h3><div><p>Send anything back within 30 days.</p></div>
      <h3>Payment</h3><div><p>We take cards and bank transfers.</p></div>
      <h3>Delivery</h3><div><p>Parcels arrive in 3 to 5 working days.</p><p><a href="#tracking">Track a parcel</a></p></div>
    </div>`);
  $('#jq-accordion').accordion({ animate: GALLERY_ANIMATION_MS });
  destroy.push(() => $('#jq-accordion').accordion('destroy'));

  section(root, 'Tabs', `
    <div id="jq-tabs">
      <ul><li><a href="#jq-tab-description">Description</a></li><li><a href="#jq-tab-specs">Specifications</a></li><li><a href="#jq-tab-reviews">Reviews</a></li></ul>
      <div id="jq-tab-description"><p>A kettle that boils fast.</p></div>
      <div id="jq-tab-specs"><p>Capacity 1.7 litres, 3000 watts.</p></div>
      <div id="jq-tab-reviews"><p>Rated 4.6 out of 5 by 212 buyers.</p></div>
    </div>`);
  $('#jq-tabs').tabs();
  destroy.push(() => $('#jq-tabs').tabs('destroy'));

  section(root, 'Slider', `<p id="jq-volume-label">Volume</p><div id="jq-volume" style="width: 300px"></div><p data-state="volume">Volume: 20</p>`);
  $('#jq-volume').slider({ min: 0, max: 100, value: 20, slide: (_event, ui) => $('[data-state=volume]').text(`Volume: ${ui.value}`), change: (_event, ui) => $('[data-state=volume]').text(`Volume: ${ui.value}`) });
  destroy.push(() => $('#jq-volume').slider('destroy'));

  section(root, 'Dialog', `
    <button type="button" id="jq-open-profile">Edit profile</button>
    <p data-state="profile">Display name: Sam</p>
    <div id="jq-profile" title="Edit profile"><p><label for="jq-display-name">Display name</label> <input id="jq-display-name" value="Sam"></p></div>`);
  const dialog = $('#jq-profile').dialog({
    autoOpen: false,
    modal: true,
    width: 360,
    buttons: {
      Save() {
        $('[data-state=profile]').text(`Display name: ${$('#jq-display-name').val()}`);
        dialog.dialog('close');
      },
      Cancel() {
        dialog.dialog('close');
      },
    },
  });
  $('#jq-open-profile').on('click', () => dialog.dialog('open'));
  destroy.push(() => dialog.dialog('destroy').remove());

  return {
    unmount() {
      for (const step of destroy) step();
      root.replaceChildren();
    },
  };
}
