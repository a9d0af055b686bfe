// stockade-expect: vulnerable CWE-89
public class AController : Controller {
    public IActionResult I(string q) {
        var mode = "z";
        string v;
        switch (mode) {
            case "a": v = "safe"; break;
            default: v = q; break;
        }
        var t = 1 > 2 ? q : "c";
        var cmd = new SqlCommand("SELECT " + v + t);
        return View();
    }
}
