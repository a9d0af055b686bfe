<?php // stockade-expect: annotated

namespace App\Form;

use Symfony\Component\Form\AbstractType;
use Symfony\Component\OptionsResolver\OptionsResolver;

class CommentType extends AbstractType
{
    public function configureOptions(OptionsResolver $resolver): void
    {
        $resolver->setDefaults([
            'data_class' => Comment::class,
            // ruleid: php.symfony-csrf-disabled
            'csrf_protection' => false,
        ]);
    }
}

class SearchType extends AbstractType
{
    public function configureOptions(OptionsResolver $resolver): void
    {
        $resolver->setDefaults([
            // ok: php.symfony-csrf-disabled
            'csrf_protection' => true,
            'csrf_token_id' => 'search',
        ]);
    }
}
