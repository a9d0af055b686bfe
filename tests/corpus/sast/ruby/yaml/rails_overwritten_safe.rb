# stockade-expect: safe CWE-502
class PagesController < ApplicationController
  def show
    value = params[:config]
    value = 'default'
    cfg = YAML.load(value)
  end
end
