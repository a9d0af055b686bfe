# stockade-expect: safe CWE-502
class PagesController < ApplicationController
  def show
    unused = params[:form][:config]
    value = 'reports'
    cfg = YAML.load(value)
  end
end
