// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobsearchform.h"

#include "jobrowtext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>

JobSearchForm::JobSearchForm(QWidget *parent)
    : QWidget(parent)
    , m_jid(new QLineEdit(this))
    , m_tag(new QLineEdit(this))
    , m_klass(new QLineEdit(this))
    , m_queue(new QLineEdit(this))
    , m_worker(new QLineEdit(this))
    , m_state(new QComboBox(this))
    , m_group(new QLineEdit(this))
    , m_message(new QLineEdit(this))
    , m_data(new QLineEdit(this))
    , m_regex(new QCheckBox(tr("&Regular expressions for message and data"), this))
{
    m_state->addItem(tr("Any state"), QString());
    for (const QString &state : JobSearchCriteria::states())
        m_state->addItem(JobRowText::stateName(state), state); // shown in the console's words, qless's kept

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(8);
    const auto place = [this, grid](const QString &label, QWidget *field, const QString &name, int row, int column,
                                    int span = 1) {
        auto *text = new QLabel(label, this);
        text->setBuddy(field);
        grid->addWidget(text, row, column);
        grid->addWidget(field, row, column + 1, 1, span);
        field->setAccessibleName(name);
        if (auto *edit = qobject_cast<QLineEdit *>(field)) {
            edit->setClearButtonEnabled(true);
            connect(edit, &QLineEdit::returnPressed, this, &JobSearchForm::submitted);
        }
    };
    place(tr("&Jid starts with:"), m_jid, tr("Jid starts with"), 0, 0);
    place(tr("&Tag:"), m_tag, tr("Tag"), 0, 2);
    place(tr("C&lass contains:"), m_klass, tr("Class contains"), 0, 4);
    place(tr("&Queue:"), m_queue, tr("Queue"), 0, 6);
    place(tr("&Worker:"), m_worker, tr("Worker"), 1, 0);
    place(tr("Stat&e:"), m_state, tr("State"), 1, 2);
    place(tr("Failure gro&up:"), m_group, tr("Failure group"), 1, 4);
    place(tr("&Message:"), m_message, tr("Failure message"), 2, 0, 3);
    place(tr("&Data:"), m_data, tr("Text in the data"), 2, 4, 3);
    grid->addWidget(m_regex, 3, 1, 1, 7);
    for (int column : {1, 3, 5, 7})
        grid->setColumnStretch(column, 1);

    m_jid->setToolTip(tr("The first characters of the jid"));
    m_tag->setToolTip(tr("A tag the job carries, whole"));
    m_klass->setToolTip(tr("A part of the job's class, any case"));
    m_queue->setToolTip(tr("The queue's whole name"));
    m_worker->setToolTip(tr("The worker's whole name, as the Workers page shows it"));
    m_group->setToolTip(tr("The failure group's whole name (usually the error's class)"));
    m_regex->setToolTip(tr("Lua, which runs the search on the server, has no regular expressions: the server "
                           "narrows by the other fields and sends the message and data of the jobs left, and "
                           "the console applies the expressions. Without another field, every job's data "
                           "crosses the network: slower, but still in short calls."));
    connect(m_regex, &QCheckBox::toggled, this, &JobSearchForm::updatePlaceholders);
    updatePlaceholders();
}

void JobSearchForm::updatePlaceholders()
{
    const bool regex = m_regex->isChecked();
    m_message->setPlaceholderText(regex ? tr("a regular expression the failure message matches")
                                        : tr("text in the failure message (exact case)"));
    m_data->setPlaceholderText(regex ? tr("a regular expression the data's JSON text matches")
                                     : tr("text in the data's JSON (exact case)"));
}

JobSearchCriteria JobSearchForm::criteria() const
{
    return JobSearchCriteria::fromFields(m_jid->text(), m_tag->text(), m_klass->text(), m_queue->text(),
                                         m_worker->text(), m_state->currentData().toString(), m_group->text(),
                                         m_message->text(), m_data->text(),
                                         m_regex->isChecked() ? JobSearchCriteria::TextMode::Regex
                                                              : JobSearchCriteria::TextMode::Contains);
}

void JobSearchForm::setCriteria(const JobSearchCriteria &criteria)
{
    m_jid->setText(criteria.jidPrefix);
    m_tag->setText(criteria.tag);
    m_klass->setText(criteria.klass);
    m_queue->setText(criteria.queue);
    m_worker->setText(criteria.worker);
    m_state->setCurrentIndex(qMax(0, m_state->findData(criteria.state)));
    m_group->setText(criteria.group);
    m_message->setText(criteria.message);
    m_data->setText(criteria.data);
    m_regex->setChecked(criteria.textMode == JobSearchCriteria::TextMode::Regex);
}
