# stockade-expect: vulnerable CWE-502
class PagesController < ApplicationController
  def show
    value = params[:form][:config]
    cfg = YAML.load(value)
  end
end
