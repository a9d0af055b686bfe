# stockade-expect: vulnerable CWE-502
class PagesController < ApplicationController
  def show
    value = decorate(params[:form][:config])
    cfg = YAML.load(value)
  end

  private

  def decorate(s)
    return s.strip
  end
end
