// stockade-expect: vulnerable CWE-338
function resetToken() {
  let token = "";
  for (let i = 0; i < 32; i++) {
    token += Math.floor(Math.random() * 16).toString(16);
  }
  return token;
}
module.exports = { resetToken };
