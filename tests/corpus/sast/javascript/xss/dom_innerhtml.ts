// stockade-expect: vulnerable CWE-79
const params = new URLSearchParams(window.location.search);
const msg = params.get("msg");
const banner = document.getElementById("banner");
if (banner) {
  banner.innerHTML = "<strong>" + msg + "</strong>";
}
