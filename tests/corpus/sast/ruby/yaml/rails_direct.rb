# stockade-expect: vulnerable CWE-502
class PagesController < ApplicationController
  def show
    value = params[:config]
    cfg = YAML.load(value)
  end
end
