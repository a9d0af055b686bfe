// stockade-expect: vulnerable CWE-79
const fragment = decodeURIComponent(location.hash.substring(1));
document.write("<div>" + fragment + "</div>");
