// stockade-expect: annotated
using System;
using System.Configuration;
using System.Data;
using System.Data.SqlClient;
using System.Web;
using System.Web.UI;

namespace Portal.Pages
{
    public partial class Search : Page
    {
        protected void Page_Load(object sender, EventArgs e)
        {
            string term = Request.QueryString["q"];
            if (string.IsNullOrEmpty(term))
            {
                return;
            }
            // ruleid: csharp.xss
            Response.Write("<h2>Results for " + term + "</h2>");
            // ok: csharp.xss
            Response.Write("<p>Searched for " + HttpUtility.HtmlEncode(term) + "</p>");

            var cs = ConfigurationManager.ConnectionStrings["Portal"].ConnectionString;
            using (var conn = new SqlConnection(cs))
            {
                conn.Open();
                // ruleid: csharp.sql-injection
                var cmd = new SqlCommand("SELECT Title, Url FROM Documents WHERE Title LIKE '%" + term + "%'", conn);
                var table = new DataTable();
                new SqlDataAdapter(cmd).Fill(table);
                Results.DataSource = table;
                Results.DataBind();
            }
        }

        protected void Filter_Click(object sender, EventArgs e)
        {
            var cs = ConfigurationManager.ConnectionStrings["Portal"].ConnectionString;
            using (var conn = new SqlConnection(cs))
            {
                // ok: csharp.sql-injection
                var cmd = new SqlCommand("SELECT Title FROM Documents WHERE Owner = @owner", conn);
                cmd.Parameters.AddWithValue("@owner", txtOwner.Text);
                conn.Open();
                Results.DataSource = cmd.ExecuteReader();
                Results.DataBind();
            }
        }

        protected void Department_Click(object sender, EventArgs e)
        {
            var cs = ConfigurationManager.ConnectionStrings["Portal"].ConnectionString;
            using (var conn = new SqlConnection(cs))
            {
                // ruleid: csharp.sql-injection
                var adapter = new SqlDataAdapter(
                    "SELECT Title FROM Documents WHERE Department = '" + txtDepartment.Text + "'", conn);
                var table = new DataTable();
                adapter.Fill(table);
            }
        }
    }
}
