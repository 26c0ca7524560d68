export function galleryReport() {
  const outcomes = [];
  return {
    record(session, payload) {
      outcomes.push({ browser: session.browser.name, ...payload });
    },
    reporter: {},
  };
}
