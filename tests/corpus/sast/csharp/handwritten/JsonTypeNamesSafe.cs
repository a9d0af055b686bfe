// stockade-expect: safe CWE-502
public class CartController : Controller
{
    [HttpPost]
    public IActionResult Restore(string json)
    {
        var cart = JsonConvert.DeserializeObject<Cart>(json);
        return Ok(cart);
    }
}
