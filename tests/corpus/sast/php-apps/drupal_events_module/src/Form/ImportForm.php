<?php // stockade-expect: annotated

namespace Drupal\events\Form;

use Drupal\Core\Form\FormBase;
use Drupal\Core\Form\FormStateInterface;

class ImportForm extends FormBase {

  public function getFormId() {
    return 'events_import_form';
  }

  public function buildForm(array $form, FormStateInterface $form_state) {
    $form['data'] = ['#type' => 'textarea', '#title' => $this->t('Serialized events')];
    $form['submit'] = ['#type' => 'submit', '#value' => $this->t('Import')];
    return $form;
  }

  public function submitForm(array &$form, FormStateInterface $form_state) {
    $data = $form_state->getValue('data');
    // ruleid: php.insecure-deserialization
    $events = unserialize($data);
    // ok: php.insecure-deserialization
    $events2 = json_decode($data, TRUE);
    $path = $form_state->getValue('path');
    // ruleid: php.path-traversal
    $contents = file_get_contents('/var/imports/' . $path);
    // ok: php.path-traversal
    $contents2 = file_get_contents('/var/imports/' . basename($path));
    $this->messenger()->addStatus($this->t('Imported @n events.', ['@n' => count($events) + count($events2) + strlen($contents . $contents2)]));
  }
}
