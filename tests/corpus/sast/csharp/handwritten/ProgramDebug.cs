// stockade-expect: vulnerable CWE-489
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
app.UseDeveloperExceptionPage();
app.MapControllers();
app.Run();
