// stockade-expect: annotated
package com.acme.catalog2;

import com.opensymphony.xwork2.ActionSupport;
import com.opensymphony.xwork2.util.ValueStack;
import com.opensymphony.xwork2.ActionContext;
import org.apache.struts2.ServletActionContext;
import org.apache.velocity.VelocityContext;
import org.apache.velocity.app.Velocity;
import org.jdbi.v3.core.Jdbi;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

public class ProductAction extends ActionSupport {
    private final Jdbi jdbi;
    private final DSLContext dsl;
    private String category;
    private String sort;
    private String expression;
    private String banner;

    public ProductAction(Jdbi jdbi, DSLContext dsl) {
        this.jdbi = jdbi;
        this.dsl = dsl;
    }

    public void setCategory(String category) { this.category = category; }
    public void setSort(String sort) { this.sort = sort; }
    public void setExpression(String expression) { this.expression = expression; }
    public void setBanner(String banner) { this.banner = banner; }

    public String list() {
        String q = ServletActionContext.getRequest().getParameter("q");
        // ruleid: java.sql-injection-query-builders
        List<Map<String, Object>> rows = jdbi.withHandle(h -> h.createQuery("SELECT * FROM products WHERE name LIKE '%" + q + "%'").mapToMap().list());
        // ok: java.sql-injection-query-builders
        List<Map<String, Object>> rows2 = jdbi.withHandle(h -> h.createQuery("SELECT * FROM products WHERE name LIKE :q").bind("q", "%" + q + "%").mapToMap().list());
        ServletActionContext.getRequest().setAttribute("rows", rows.size() + rows2.size());
        return SUCCESS;
    }

    public String byVendor() {
        String vendor = ServletActionContext.getRequest().getParameter("vendor");
        // ruleid: java.sql-injection-query-builders
        Object r = dsl.fetch("SELECT * FROM products WHERE vendor = '" + vendor + "'");
        // ok: java.sql-injection-query-builders
        Object r2 = dsl.selectFrom(DSL.table("products")).where(DSL.field("vendor").eq(vendor)).fetch();
        ServletActionContext.getRequest().setAttribute("r", String.valueOf(r) + r2);
        return SUCCESS;
    }

    public String evaluate() {
        ValueStack stack = ActionContext.getContext().getValueStack();
        String expr = ServletActionContext.getRequest().getParameter("expr");
        // ruleid: java.code-injection
        Object value = stack.findValue(expr);
        // ok: java.code-injection
        Object fixed = stack.findValue("product.price");
        ServletActionContext.getRequest().setAttribute("v", String.valueOf(value) + fixed);
        return SUCCESS;
    }

    public String renderBanner() {
        String template = ServletActionContext.getRequest().getParameter("banner");
        VelocityContext ctx = new VelocityContext();
        ctx.put("shop", "ACME");
        StringWriter out = new StringWriter();
        // ruleid: java.template-injection
        Velocity.evaluate(ctx, out, "banner", template);
        StringWriter out2 = new StringWriter();
        ctx.put("banner", template);
        // ok: java.template-injection
        Velocity.evaluate(ctx, out2, "banner", "<div>$banner</div>");
        ServletActionContext.getRequest().setAttribute("html", out.toString() + out2);
        return SUCCESS;
    }
}
