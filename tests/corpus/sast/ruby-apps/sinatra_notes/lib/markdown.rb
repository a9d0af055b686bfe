# stockade-expect: annotated
require "redcarpet"

module Markdown
  RENDERER = Redcarpet::Markdown.new(Redcarpet::Render::HTML.new(hard_wrap: true))

  def self.render(text)
    RENDERER.render(text.to_s)
  end

  def self.inline(text)
    # ruleid: ruby.xss-parameter
    "<span class=\"md\">#{text}</span>".html_safe
  end
end
