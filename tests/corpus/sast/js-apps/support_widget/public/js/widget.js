// stockade-expect: annotated
/* global $ */
(function () {
  const params = new URLSearchParams(window.location.search);
  const topic = params.get("topic") || "";
  const hash = decodeURIComponent(window.location.hash.slice(1));

  // ruleid: javascript.xss-dom
  $("#topic-title").html("Help with " + topic);
  // ok: javascript.xss-dom
  $("#topic-title").text("Help with " + topic);

  // ruleid: javascript.xss-dom
  $(hash).addClass("highlight");
  // ok: javascript.xss-dom
  $("#" + CSS.escape(hash)).addClass("highlight");

  // ruleid: javascript.xss-dom
  document.getElementById("crumb").insertAdjacentHTML("beforeend", `<li>${topic}</li>`);
  // ok: javascript.xss-dom
  document.getElementById("crumb").insertAdjacentText("beforeend", topic);

  // ruleid: javascript.xss-dom
  document.write("<script src='" + params.get("lang") + "/strings.js'></script>");

  const ref = params.get("ref");
  // ruleid: javascript.open-redirect-dom
  window.location.assign(ref);
  // ok: javascript.open-redirect-dom
  window.location.assign("/help/" + encodeURIComponent(ref));

  // ruleid: javascript.xss-dom
  $("#frame").attr("srcdoc", params.get("preview"));
  // ok: javascript.xss-dom
  $("#frame").attr("title", params.get("preview"));

  const tpl = params.get("greeting");
  // ruleid: javascript.code-injection
  setTimeout("showGreeting('" + tpl + "')", 500);
  // ok: javascript.code-injection
  setTimeout(() => showGreeting(tpl), 500);

  function showGreeting(text) {
    $("#greeting").text(text);
  }
})();
