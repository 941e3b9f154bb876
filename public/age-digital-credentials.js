/*
 * The age check's page for a browser with the Digital Credentials API (app/age/verify): asks the
 * browser for the proof the page's request names and posts the answer, as JSON, to the check's
 * return route with the check's cookie, when the visitor presses the page's button (the browser
 * asks only on a gesture). A browser without the API, or one whose request fails or is declined,
 * takes the redirect to the wallet instead. Nothing is logged: the answer is the visitor's.
 */
(function () {
  var holder = document.getElementById('age-dc-request');
  if (!holder) return;
  var check = JSON.parse(holder.textContent || '{}');
  function fallback() {
    location.replace(check.fallbackUrl);
  }
  if (typeof window.DigitalCredential === 'undefined' || !navigator.credentials || !navigator.credentials.get) {
    fallback();
    return;
  }
  var button = document.getElementById('age-dc-start');
  if (!button) return;
  button.hidden = false;
  // The browser asks only on the visitor's own gesture (transient activation).
  button.addEventListener('click', function () {
    button.disabled = true;
    navigator.credentials.get({ digital: { requests: check.requests }, mediation: 'required' }).then(
      function (credential) {
        if (!credential || !credential.protocol || !credential.data) return fallback();
        var answer = JSON.stringify({ protocol: credential.protocol, data: credential.data });
        return fetch(check.returnPath, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: answer }).then(function (res) {
          // Accepted: the route set the pass and redirected to the visitor's page, which fetch followed.
          if (res.redirected) return location.replace(res.url);
          // Refused or under 18: the route's own page says why.
          return res.text().then(function (html) {
            document.open();
            document.write(html);
            document.close();
          });
        });
      },
      fallback,
    );
  });
})();
