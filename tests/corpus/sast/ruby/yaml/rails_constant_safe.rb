# stockade-expect: safe CWE-502
class PagesController < ApplicationController
  def show
    unused = params[:config]
    value = 'reports'
    cfg = YAML.load(value)
  end
end
