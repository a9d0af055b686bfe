// stockade-expect: vulnerable CWE-502
public class CartController : Controller
{
    [HttpPost]
    public IActionResult Restore(string json)
    {
        var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.Auto };
        var cart = JsonConvert.DeserializeObject<Cart>(json, settings);
        return Ok(cart);
    }
}
