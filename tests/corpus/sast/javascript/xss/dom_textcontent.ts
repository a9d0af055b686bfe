// stockade-expect: safe CWE-79
const params = new URLSearchParams(window.location.search);
const msg = params.get("msg");
const banner = document.getElementById("banner");
if (banner) {
  banner.textContent = msg;
}
