# stockade-expect: safe CWE-502
class PagesController < ApplicationController
  def show
    value = params[:form][:config]
    if false
      cfg = YAML.load(value)
    end
  end
end
