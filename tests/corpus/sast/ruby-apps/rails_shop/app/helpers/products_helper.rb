# stockade-expect: annotated
module ProductsHelper
  def price_badge(label)
    # ruleid: ruby.xss-parameter
    "<span class=\"badge badge-price\">#{label}</span>".html_safe
  end

  def stock_badge(count)
    # ok: ruby.xss-parameter
    "<span class=\"badge\">#{count.to_i} left</span>".html_safe
  end

  def safe_badge(label)
    # ok: ruby.xss-parameter
    content_tag(:span, label, class: "badge")
  end

  def highlight(text, term)
    # ruleid: ruby.xss-parameter
    raw(text.gsub(term, "<mark>#{term}</mark>"))
  end

  def external_link(product)
    # ruleid: ruby.link-target-blank-noopener
    link_to product.vendor_name, product.vendor_url, target: "_blank"
  end
end
